/**
 * `droppedCalls: 'invalid-tool-call'`: a malformed or unfinished call goes
 * back to the agent loop as an invalid call, so the model gets an error
 * result and can try again. Through wrapLanguageModel, streamText and
 * generateText with scripted mock models.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  createToolMiddleware,
  hermesProtocol,
  qwen3CoderProtocol,
  type ToolCallProtocol,
  type ToolshimErrorCode,
} from '../index.ts';
import { chunkings, collect, mockModel } from '../test/harness.ts';
import { messageText, scriptedModel } from '../test/scripted-model.ts';

const unfinished = '<tool_call>{"name": "get_weather", "arguments": {"city": "Par';
const good = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';

function weatherTools(cities: string[]) {
  return {
    get_weather: tool({
      description: 'Current weather for a city',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      }),
      execute: async ({ city }) => {
        cities.push(city);
        return { city, celsius: 21 };
      },
    }),
  };
}

function middleware(
  codes: ToolshimErrorCode[],
  droppedCalls?: 'text' | 'invalid-tool-call',
  protocol?: ToolCallProtocol,
) {
  return createToolMiddleware({
    protocol: protocol ?? hermesProtocol(),
    onError: (_message, metadata) => codes.push(metadata.code),
    ...(droppedCalls ? { droppedCalls } : {}),
  });
}

describe('droppedCalls: invalid-tool-call', () => {
  it('an unfinished call gets an error result, and the second try succeeds', async () => {
    const { model, calls } = scriptedModel([unfinished, good, 'It is 21 °C in Paris.']);
    const cities: string[] = [];
    const codes: ToolshimErrorCode[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: middleware(codes, 'invalid-tool-call') }),
      prompt: 'Weather in Paris?',
      tools: weatherTools(cities),
      stopWhen: stepCountIs(4),
    });
    expect(await result.text).toBe('It is 21 °C in Paris.');
    const steps = await result.steps;
    expect(steps).toHaveLength(3);
    expect(steps[0]?.content).toContainEqual(
      expect.objectContaining({ type: 'tool-error', toolName: 'get_weather', input: unfinished }),
    );
    expect(steps[0]?.text).toBe('');
    expect(cities).toEqual(['Paris']);
    expect(codes).toEqual(['unclosed-tool-call']);
    // The second request tells the model what went wrong, in its own format.
    const feedback = messageText(calls[1]?.prompt.at(-1));
    expect(feedback).toContain('<tool_response>');
    expect(feedback).toContain('Invalid input for tool get_weather');
  });

  it('without the option the drop stays text and the loop ends', async () => {
    const { model, calls } = scriptedModel([unfinished, good]);
    const cities: string[] = [];
    const codes: ToolshimErrorCode[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: middleware(codes) }),
      prompt: 'Weather in Paris?',
      tools: weatherTools(cities),
      stopWhen: stepCountIs(4),
    });
    expect(await result.text).toBe(unfinished);
    expect(calls).toHaveLength(1);
    expect(cities).toEqual([]);
    expect(codes).toEqual(['unclosed-tool-call']);
  });

  it('a malformed closed call too, in generateText', async () => {
    const malformed = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"]</tool_call>';
    const { model } = scriptedModel([`Let me check.\n${malformed}`, good, 'Done.']);
    const cities: string[] = [];
    const codes: ToolshimErrorCode[] = [];
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware(codes, 'invalid-tool-call') }),
      prompt: 'Weather in Paris?',
      tools: weatherTools(cities),
      stopWhen: stepCountIs(4),
    });
    // The call's text up to where it broke is the invalid call; what follows the break is read as text again.
    expect(result.steps[0]?.text).toBe('Let me check.\n]</tool_call>');
    expect(result.steps[0]?.content).toContainEqual(
      expect.objectContaining({ type: 'tool-error', input: malformed.slice(0, malformed.indexOf(']')) }),
    );
    expect(codes).toEqual(['malformed-tool-call']);
    expect(cities).toEqual(['Paris']);
    expect(result.text).toBe('Done.');
  });

  it('experimental_repairToolCall receives the raw text and can mend the call in the same step', async () => {
    const { model, calls } = scriptedModel([unfinished, 'It is 21 °C.']);
    const cities: string[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: middleware([], 'invalid-tool-call') }),
      prompt: 'Weather in Paris?',
      tools: weatherTools(cities),
      stopWhen: stepCountIs(3),
      experimental_repairToolCall: async ({ toolCall }) => {
        const city = /"city": "([^"]*)/.exec(toolCall.input)?.[1];
        return city === undefined ? null : { ...toolCall, input: JSON.stringify({ city }) };
      },
    });
    expect(await result.text).toBe('It is 21 °C.');
    expect(cities).toEqual(['Par']);
    expect(calls).toHaveLength(2);
  });

  it.each(chunkings(`Checking.\n${unfinished}`))(
    'stream parts ($name): the aborted call ends as one invalid call with its id, prose stays text',
    async ({ chunks }) => {
      const model = wrapLanguageModel({
        model: mockModel(chunks),
        middleware: middleware([], 'invalid-tool-call'),
      });
      const { stream } = await model.doStream({
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        tools: [{ type: 'function', name: 'get_weather', inputSchema: { type: 'object' } }],
      });
      const parts = await collect(stream);
      const text = parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
      expect(text).toBe('Checking.\n');
      const start = parts.find((p) => p.type === 'tool-input-start');
      const call = parts.find((p) => p.type === 'tool-call') as Extract<
        LanguageModelV4StreamPart,
        { type: 'tool-call' }
      >;
      expect(call).toMatchObject({ toolName: 'get_weather', input: unfinished });
      expect(start?.type === 'tool-input-start' && start.id).toBe(call.toolCallId);
      expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'tool-calls' } });
    },
  );

  it('an XML format (Qwen3-Coder) hands back its unfinished call the same way', async () => {
    const xml = '<tool_call>\n<function=get_weather>\n<parameter=city>\nPar';
    const { model } = scriptedModel([
      xml,
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      'Done.',
    ]);
    const cities: string[] = [];
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware([], 'invalid-tool-call', qwen3CoderProtocol()) }),
      prompt: 'Weather in Paris?',
      tools: weatherTools(cities),
      stopWhen: stepCountIs(4),
    });
    expect(result.steps[0]?.content).toContainEqual(expect.objectContaining({ type: 'tool-error', input: xml }));
    expect(cities).toEqual(['Paris']);
  });

  it('a wrong value is refused when the middleware is made', () => {
    expect(() =>
      createToolMiddleware({ protocol: hermesProtocol(), droppedCalls: 'retry' as unknown as 'text' }),
    ).toThrow(/droppedCalls.*'text' or 'invalid-tool-call'/);
  });
});
