/**
 * AI SDK 7 agent features through the middleware, end to end with scripted
 * mock models: tool approval (approve and deny), a dynamic / MCP-style tool
 * with an empty schema, `inputExamples` in the tool prompt, and `strict`.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import {
  dynamicTool,
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware, qwen3CoderToolMiddleware } from '../index.ts';
import { messageText, scriptedModel } from '../test/scripted-model.ts';

const deleteCall = '<tool_call>{"name": "delete_file", "arguments": {"path": "notes.txt"}}</tool_call>';

function deleteTools(deleted: string[]) {
  return {
    delete_file: tool({
      description: 'Deletes a file.',
      inputSchema: jsonSchema<{ path: string }>({
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      }),
      execute: async ({ path }) => {
        deleted.push(path);
        return { deleted: path };
      },
    }),
  };
}

/** Step one asks for approval; step two sends the answer and lets the loop go on. */
async function approvalRound(approved: boolean) {
  const { model, calls } = scriptedModel([deleteCall, approved ? 'Deleted notes.txt.' : 'I left notes.txt alone.']);
  const wrapped = wrapLanguageModel({ model, middleware: hermesToolMiddleware });
  const deleted: string[] = [];
  const tools = deleteTools(deleted);
  const messages: ModelMessage[] = [{ role: 'user', content: 'Delete notes.txt' }];

  const first = streamText({ model: wrapped, messages, tools, toolApproval: { delete_file: 'user-approval' } });
  const content = await first.content;
  const request = content.find((part) => part.type === 'tool-approval-request');
  if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
  expect(request.toolCall).toMatchObject({ toolName: 'delete_file', input: { path: 'notes.txt' } });
  expect(deleted).toEqual([]);

  messages.push(...(await first.response).messages, {
    role: 'tool',
    content: [
      {
        type: 'tool-approval-response',
        approvalId: request.approvalId,
        approved,
        ...(approved ? {} : { reason: 'the user said no' }),
      },
    ],
  });
  const second = streamText({
    model: wrapped,
    messages,
    tools,
    toolApproval: { delete_file: 'user-approval' },
    stopWhen: stepCountIs(2),
  });
  return { text: await second.text, deleted, calls };
}

describe('tool approval', () => {
  it('approved: the tool runs and the model reads its result in its own format', async () => {
    const { text, deleted, calls } = await approvalRound(true);
    expect(text).toBe('Deleted notes.txt.');
    expect(deleted).toEqual(['notes.txt']);
    const prompt = calls[1]?.prompt ?? [];
    expect(messageText(prompt.at(-1))).toBe('<tool_response>\n{"deleted":"notes.txt"}\n</tool_response>');
    // The approval bookkeeping never reaches the model's text.
    expect(JSON.stringify(prompt)).not.toContain('approval');
  });

  it('denied: the tool never runs and the model reads the denial with its reason', async () => {
    const { text, deleted, calls } = await approvalRound(false);
    expect(text).toBe('I left notes.txt alone.');
    expect(deleted).toEqual([]);
    expect(messageText(calls[1]?.prompt.at(-1))).toContain('The tool call was denied: the user said no');
  });
});

describe('dynamic and MCP-style tools', () => {
  it.each<[string, JSONSchema7]>([
    ['an empty schema', {}],
    ['an object with no properties', { type: 'object', properties: {} }],
  ])('a dynamic tool with %s is taught, called and run', async (_name, schema) => {
    const { model, calls } = scriptedModel(['<tool_call>{"name": "list_servers"}</tool_call>', 'Two servers.']);
    const seen: unknown[] = [];
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: hermesToolMiddleware }),
      prompt: 'Which servers are there?',
      tools: {
        list_servers: dynamicTool({
          description: 'Lists the MCP servers.',
          inputSchema: jsonSchema(schema),
          execute: async (input) => {
            seen.push(input);
            return ['a', 'b'];
          },
        }),
      },
      stopWhen: stepCountIs(2),
    });
    expect(result.text).toBe('Two servers.');
    // A call written without arguments runs with an empty object.
    expect(seen).toEqual([{}]);
    expect(messageText(calls[0]?.prompt[0])).toContain('"name":"list_servers"');
  });
});

describe('inputExamples', () => {
  it("are written into the tool prompt as calls in the format's own text", async () => {
    const { model, calls } = scriptedModel(['Fine.']);
    const tools = {
      get_weather: tool({
        inputSchema: jsonSchema<{ city: string; unit?: string }>({
          type: 'object',
          properties: { city: { type: 'string' }, unit: { type: 'string' } },
        }),
        inputExamples: [{ input: { city: 'Paris' } }, { input: { city: 'Oslo', unit: 'celsius' } }],
      }),
    };
    await generateText({
      model: wrapLanguageModel({ model, middleware: qwen3CoderToolMiddleware }),
      prompt: 'Hi',
      tools,
    });
    const system = messageText(calls[0]?.prompt[0]);
    expect(system).toContain('Examples of calls:');
    expect(system).toContain('<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>');
    expect(system).toContain('<parameter=unit>\ncelsius\n</parameter>');
  });

  it('leave the prompt as it was when no tool has any', async () => {
    const { model, calls } = scriptedModel(['Fine.']);
    await generateText({
      model: wrapLanguageModel({ model, middleware: hermesToolMiddleware }),
      prompt: 'Hi',
      tools: deleteTools([]),
    });
    expect(messageText(calls[0]?.prompt[0])).not.toContain('Examples of calls');
  });
});

describe('strict', () => {
  async function forcedSchema(strict: boolean | undefined): Promise<LanguageModelV4CallOptions['responseFormat']> {
    const { model, calls } = scriptedModel(['{"name": "delete_file", "arguments": {"path": "a"}}']);
    await generateText({
      model: wrapLanguageModel({ model, middleware: hermesToolMiddleware }),
      prompt: 'Delete a',
      tools: {
        delete_file: tool({
          inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }),
          ...(strict === undefined ? {} : { strict }),
        }),
      },
      toolChoice: { type: 'tool', toolName: 'delete_file' },
    });
    return calls[0]?.responseFormat;
  }

  it('a strict tool forced by toolChoice gets a response schema with no undeclared keys', async () => {
    const format = await forcedSchema(true);
    expect(format).toMatchObject({
      type: 'json',
      schema: {
        additionalProperties: false,
        properties: { arguments: { type: 'object', additionalProperties: false } },
      },
    });
  });

  it('a tool that is not strict keeps its schema as given', async () => {
    for (const strict of [false, undefined]) {
      const format = await forcedSchema(strict);
      const schema = (
        format as unknown as { schema: { additionalProperties?: unknown; properties: { arguments: object } } }
      ).schema;
      expect(schema.additionalProperties).toBeUndefined();
      expect(schema.properties.arguments).not.toHaveProperty('additionalProperties');
    }
  });
});
