/**
 * `tools` and `toolConfig.functionCallingConfig` of a Gemini request, checked
 * on what the upstream is sent in native mode (chat-completions `tools` and
 * `tool_choice`) and in emulated mode (the tool prompt): each mode of the
 * config, `allowedFunctionNames` narrowing the tools, Gemini's `parameters`
 * Schema converted to JSON Schema beside `parametersJsonSchema` taken as it
 * is, and the 400s (undeclared names, hosted tools, bad modes) before
 * anything goes upstream.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { completion, jsonRequest, proxyOver } from '../test/fake-upstream.ts';

type Tool = { function: { name: string; parameters: Record<string, unknown> } };

async function send(body: Record<string, unknown>, extra: Partial<ProxyHandlerOptions> = { toolMode: 'native' }) {
  const { handler, requests } = proxyOver(() => Response.json(completion('ok')), extra);
  const response = await handler(
    jsonRequest('/v1beta/models/m:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'Go.' }] }],
      ...body,
    }),
  );
  const sent = requests[0]?.body;
  return {
    response,
    sent,
    names: ((sent?.tools ?? []) as Tool[]).map((t) => t.function.name),
    upstreamCalls: requests.length,
  };
}

const declare = (...names: string[]) => [
  {
    functionDeclarations: names.map((name) => ({
      name,
      description: `The ${name} tool`,
      parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } },
    })),
  },
];
const config = (functionCallingConfig: Record<string, unknown>) => ({ functionCallingConfig });

describe('functionCallingConfig, native: the tools and tool_choice the upstream gets', () => {
  const cases: Array<[string, Record<string, unknown> | undefined, string[], unknown]> = [
    ['no toolConfig', undefined, ['ls', 'cat', 'grep'], undefined],
    ['AUTO', { mode: 'AUTO' }, ['ls', 'cat', 'grep'], 'auto'],
    ['MODE_UNSPECIFIED', { mode: 'MODE_UNSPECIFIED' }, ['ls', 'cat', 'grep'], 'auto'],
    ['VALIDATED', { mode: 'VALIDATED' }, ['ls', 'cat', 'grep'], 'auto'],
    ['ANY', { mode: 'ANY' }, ['ls', 'cat', 'grep'], 'required'],
    [
      'ANY, one name',
      { mode: 'ANY', allowedFunctionNames: ['cat'] },
      ['cat'],
      { type: 'function', function: { name: 'cat' } },
    ],
    ['ANY, two names', { mode: 'ANY', allowedFunctionNames: ['grep', 'ls'] }, ['ls', 'grep'], 'required'],
    ['VALIDATED, two names', { mode: 'VALIDATED', allowedFunctionNames: ['grep', 'cat'] }, ['cat', 'grep'], 'auto'],
    ['NONE', { mode: 'NONE' }, ['ls', 'cat', 'grep'], 'none'],
  ];
  it.each(cases)('%s', async (_name, calling, names, choice) => {
    const body = { tools: declare('ls', 'cat', 'grep'), ...(calling ? { toolConfig: config(calling) } : {}) };
    const { response, sent, names: shown } = await send(body);
    expect(response.status).toBe(200);
    // The declared order is kept; allowedFunctionNames only filters.
    expect(shown).toEqual(names);
    expect(sent?.tool_choice).toEqual(choice);
  });
});

describe('functionCallingConfig, emulated: the tool prompt', () => {
  it('ANY with one name shows that tool only and asks for a call; NONE shows no tool', async () => {
    const forced = await send(
      { tools: declare('ls', 'cat'), toolConfig: config({ mode: 'ANY', allowedFunctionNames: ['cat'] }) },
      { protocol: 'hermes' },
    );
    const system = ((forced.sent?.messages ?? []) as Array<{ role: string; content: string }>)[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('"name":"cat"');
    expect(system?.content).not.toContain('"name":"ls"');
    expect(forced.sent?.tools).toBeUndefined();
    const none = await send(
      { tools: declare('ls', 'cat'), toolConfig: config({ mode: 'NONE' }) },
      { protocol: 'hermes' },
    );
    expect(JSON.stringify(none.sent)).not.toMatch(/"name\\?":\\?"(ls|cat)/);
  });
});

describe('refused before the upstream is called: 400 INVALID_ARGUMENT naming the field', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    [
      'an undeclared allowed name',
      { tools: declare('ls'), toolConfig: config({ mode: 'ANY', allowedFunctionNames: ['ls', 'rm'] }) },
      'toolConfig.functionCallingConfig.allowedFunctionNames[1]',
      /is "rm", which no functionDeclaration declares/,
    ],
    [
      'an unknown mode',
      { tools: declare('ls'), toolConfig: config({ mode: 'SOMETIMES' }) },
      'toolConfig.functionCallingConfig.mode',
      /SOMETIMES|must be one of/,
    ],
    [
      'ANY without tools',
      { toolConfig: config({ mode: 'ANY' }) },
      'toolConfig.functionCallingConfig',
      /needs at least one function tool/,
    ],
    ['googleSearch', { tools: [{ googleSearch: {} }] }, 'tools[0].googleSearch', /is one of Gemini's hosted tools/],
    [
      'codeExecution beside functions',
      { tools: [...declare('ls'), { codeExecution: {} }] },
      'tools[1].codeExecution',
      /hosted tools/,
    ],
    ['urlContext', { tools: [{ urlContext: {} }] }, 'tools[0].urlContext', /hosted tools/],
    [
      'a name declared twice',
      { tools: [...declare('ls'), ...declare('ls')] },
      'tools[1].functionDeclarations[0].name',
      /declared twice/,
    ],
    [
      'a name with a space',
      { tools: declare('list files') },
      'tools[0].functionDeclarations[0].name',
      /must be 1-128 letters/,
    ],
    [
      'parameters of type STRING',
      { tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'STRING' } }] }] },
      'tools[0].functionDeclarations[0].parameters.type',
      /must be "object"/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, field, message) => {
    for (const extra of [{ toolMode: 'native' as const }, { protocol: 'hermes' }]) {
      const { response, upstreamCalls } = await send(body, extra);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as {
        error: { message: string; status: string; details: Array<{ fieldViolations: Array<{ field: string }> }> };
      };
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(message);
      expect(error.details[0]?.fieldViolations[0]?.field).toBe(field);
      expect(upstreamCalls).toBe(0);
    }
  });
});

describe('declarations', () => {
  it('Gemini Schema `parameters` reach the upstream as JSON Schema; parametersJsonSchema as given', async () => {
    const parameters = {
      type: 'OBJECT',
      properties: {
        path: { type: 'STRING', description: 'A file', example: 'a.txt' },
        mode: { type: 'STRING', format: 'enum', enum: ['r', 'w'], nullable: true },
        lines: { type: 'ARRAY', items: { type: 'INTEGER', format: 'int32' }, minItems: 1 },
        opts: { type: 'OBJECT', properties: { deep: { type: 'BOOLEAN' } }, propertyOrdering: ['deep'] },
      },
      required: ['path'],
      propertyOrdering: ['path', 'mode', 'lines', 'opts'],
    };
    const json = { type: 'object', properties: { q: { type: 'string', pattern: '^a' } }, additionalProperties: false };
    const { sent } = await send({
      tools: [
        { functionDeclarations: [{ name: 'read', parameters }] },
        { functionDeclarations: [{ name: 'find', parametersJsonSchema: json }, { name: 'now' }] },
      ],
    });
    const [read, find, now] = ((sent?.tools ?? []) as Tool[]).map((t) => t.function.parameters);
    expect(read).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'A file' },
        mode: { type: ['string', 'null'], enum: ['r', 'w', null] },
        lines: { type: 'array', items: { type: 'integer', format: 'int32' }, minItems: 1 },
        opts: { type: 'object', properties: { deep: { type: 'boolean' } } },
      },
      required: ['path'],
    });
    expect(find).toEqual(json);
    // No schema: a function of no arguments.
    expect(now).toEqual({ type: 'object', properties: {} });
  });

  it('a name with a colon and dots (Gemini CLI keeps them in MCP tool names) is served and called', async () => {
    const name = 'mcp_github_repo:search.v2';
    const { response, names } = await send({
      tools: declare(name),
      toolConfig: config({ mode: 'ANY', allowedFunctionNames: [name] }),
    });
    expect(response.status).toBe(200);
    expect(names).toEqual([name]);
  });
});
