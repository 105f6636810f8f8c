import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { cachedToolPrompt } from './tool-prompt.ts';

type Tool = LanguageModelV4FunctionTool;

const weather = (): Tool => ({
  type: 'function',
  name: 'get_weather',
  description: 'Weather of a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
});

/** A cache of its own (the setup object keys it) whose renders are counted; each render gives a new prompt. */
function counting() {
  const setup = {};
  let renders = 0;
  const prompt = (tools: Tool[], choice = 'auto') =>
    cachedToolPrompt(setup, tools, choice, () => `prompt ${++renders}`);
  return { prompt, renders: () => renders };
}

describe('the tool prompt cache', () => {
  it('renders a tool set once, however many requests bring it (as new objects each time)', () => {
    const cache = counting();
    expect(cache.prompt([weather()])).toBe('prompt 1');
    expect(cache.prompt([weather()])).toBe('prompt 1');
    expect(cache.prompt([weather()])).toBe('prompt 1');
    expect(cache.renders()).toBe(1);
  });

  const changes: Array<[string, (tool: Tool) => Tool]> = [
    ['a description', (t) => ({ ...t, description: 'Weather of a town' })],
    ['strict', (t) => ({ ...t, strict: true })],
    [
      'a schema value deep inside',
      (t) => ({
        ...t,
        inputSchema: { ...t.inputSchema, properties: { city: { type: 'number' }, days: { type: 'integer' } } },
      }),
    ],
    ['a schema key added', (t) => ({ ...t, inputSchema: { ...t.inputSchema, required: ['city'] } })],
    [
      'the order of the schema keys',
      (t) => ({ ...t, inputSchema: { properties: t.inputSchema.properties, type: 'object' } }),
    ],
    ['an array in the schema', (t) => ({ ...t, inputSchema: { ...t.inputSchema, required: [] } })],
    ['examples', (t) => ({ ...t, inputExamples: [{ input: { city: 'Paris' } }] })],
  ];
  for (const [what, change] of changes) {
    it(`renders again when ${what} changes, and keeps both sets`, () => {
      const cache = counting();
      cache.prompt([weather()]);
      expect(cache.prompt([change(weather())])).toBe('prompt 2');
      expect(cache.prompt([weather()])).toBe('prompt 1');
      expect(cache.prompt([change(weather())])).toBe('prompt 2');
    });
  }

  it('a different tool choice, or the same tools in another order, is another prompt', () => {
    const cache = counting();
    const search: Tool = { type: 'function', name: 'search', inputSchema: { type: 'object' } };
    cache.prompt([weather(), search]);
    expect(cache.prompt([weather(), search], 'required')).toBe('prompt 2');
    expect(cache.prompt([search, weather()])).toBe('prompt 3');
    expect(cache.prompt([weather(), search])).toBe('prompt 1');
  });

  it('keeps the 16 sets used last: the 17th pushes out the one used least recently', () => {
    const cache = counting();
    const set = (i: number): Tool[] => [{ ...weather(), description: `set ${i}` }];
    for (let i = 0; i < 16; i++) cache.prompt(set(i));
    cache.prompt(set(0)); // used again: now the newest
    cache.prompt(set(16)); // pushes out set 1
    expect(cache.renders()).toBe(17);
    cache.prompt(set(0));
    expect(cache.renders()).toBe(17);
    cache.prompt(set(1));
    expect(cache.renders()).toBe(18);
  });

  it('a prompt too large to keep is rendered every time', () => {
    const setup = {};
    let renders = 0;
    const huge = () => {
      renders++;
      return 'x'.repeat(600 * 1024);
    };
    cachedToolPrompt(setup, [weather()], 'auto', huge);
    cachedToolPrompt(setup, [weather()], 'auto', huge);
    expect(renders).toBe(2);
  });
});
