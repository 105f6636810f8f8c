/**
 * Precision of auto-detection: realistic answers that contain JSON, code,
 * markup and tool-like names but no tool call. Every one must come through
 * as exactly its own text, with zero calls, in every chunking.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { chunkings, generateContent, streamParts, summarize } from '../../test/harness.ts';
import { fixtureTools } from '../../test/protocol-fixtures.ts';
import { autoProtocol } from './auto.ts';

/** `quietOnly: false` for texts that contain a real format marker: those may report why they are not calls. */
const corpus: Array<{ name: string; text: string; quietOnly?: false }> = [
  {
    name: 'a fenced JSON request example',
    text: 'Here is the request body:\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\nPOST it to /tools.',
  },
  {
    name: 'an answer that starts with a fenced JSON example',
    text: '```json\n{"name": "search", "arguments": {"query": "x"}}\n```',
  },
  { name: 'JSON in a sentence', text: 'The API returns {"name": "get_weather", "temp": 21} for each city.' },
  { name: 'an answer that is JSON data', text: '{"city": "Paris", "temp": 21, "unit": "C"}' },
  {
    name: 'an answer that is a JSON list of records',
    text: '[{"name": "Alice", "age": 30}, {"name": "Bob", "age": 25}]',
  },
  { name: 'a JSON object naming an undeclared tool', text: '{"name": "delete_everything", "arguments": {}}' },
  { name: 'an empty object', text: '{}' },
  { name: 'a LaTeX group at the start', text: '{\\displaystyle x^2} is the square.' },
  {
    name: 'a markdown table of tools',
    text: '| Tool | Arguments |\n|---|---|\n| get_weather | {city} |\n| search | [query, tags] |\n',
  },
  {
    name: 'an HTML snippet',
    text: '<div class="tool_call" data-name="get_weather">\n  <span>{"city": "Paris"}</span>\n  <tool>search</tool>\n</div>',
  },
  {
    name: 'Python code calling functions with tool names',
    text: "```python\nresult = get_weather(city='Paris')\nhits = [search(query=q) for q in queries]\nprint(result, hits)\n```",
  },
  { name: 'an answer that starts with a tool-like Python call', text: "get_weather(city='Paris') returns a dict." },
  { name: 'a list comprehension at the start', text: '[get_weather(c) for c in cities] builds the list.' },
  { name: 'a markdown link at the start', text: '[get_weather](https://example.com/docs) is documented here.' },
  { name: 'a numeric list at the start', text: '[1, 2, 3] are the first three.' },
  { name: 'a citation at the start', text: '[1] Smith et al. found that [search] helps.' },
  {
    name: 'TypeScript code building a call object',
    text: "```ts\nconst call = { name: 'get_weather', arguments: { city } };\nawait run([call]);\n```",
  },
  {
    name: 'a shell command with JSON',
    text: 'Run: curl -d \'{"name":"search","arguments":{"query":"x"}}\' http://localhost',
  },
  { name: 'functools in prose', text: 'Use functools.lru_cache, or functools.partial(search, query="x").' },
  {
    name: 'prose with angle brackets and pipes',
    text: 'If a <b> and c|d, use <|x|> or <tool> or <tool_calls> freely.',
  },
  {
    name: 'prose that explains the formats by their markers',
    text: 'Hermes models wrap each call in <tool_call> tags, Gemma 4 uses <|tool_call> and Mistral starts with [TOOL_CALLS] then the name.',
    quietOnly: false,
  },
  {
    name: 'an HTML custom element named like a tool',
    text: '<get_weather city="Paris"></get_weather> renders a widget.',
  },
  {
    name: 'a Jinja chat template',
    text: "{% for tool in tools %}{{ tool.name }}{% endfor %}\n{{ '<tool_call>' }}",
    quietOnly: false,
  },
  { name: 'a JSON schema answer', text: '{"type": "object", "properties": {"city": {"type": "string"}}}' },
  { name: 'a lone bracket', text: '[' },
  { name: 'a YAML example', text: 'tools:\n  - name: get_weather\n    arguments:\n      city: Paris\n' },
  { name: 'nested brackets in prose', text: 'Arrays like [[1, 2], [3]] and maps like {a: {b: 1}} are fine.' },
  { name: 'JSON data that names a tool but has no arguments', text: '{"name": "get_weather", "temp": 21}' },
];

describe('auto-detection negative corpus: zero false calls', () => {
  for (const { name, text, quietOnly } of corpus) {
    describe(name, () => {
      for (const { name: chunking, chunks } of chunkings(text)) {
        it(`stays exactly text (${chunking})`, async () => {
          const errors: string[] = [];
          const middleware = createToolMiddleware({
            protocol: autoProtocol(),
            onError: (_m, meta) => errors.push(meta.code),
          });
          const parts = await streamParts({ middleware, tools: fixtureTools }, chunks);
          // Ordinary prose, code and JSON are not even reported as malformed calls.
          if (quietOnly !== false) expect(errors).toEqual([]);
          const summary = summarize(parts);
          expect(summary.calls).toEqual([]);
          expect(parts.some((p) => p.type.startsWith('tool-'))).toBe(false);
          expect(summary.text).toBe(text);
        });
      }
      it('generate gives the same text and no calls', async () => {
        const middleware = createToolMiddleware({ protocol: autoProtocol() });
        const result = await generateContent({ middleware, tools: fixtureTools }, text);
        expect(result.content.filter((c) => c.type === 'tool-call')).toEqual([]);
        expect(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')).toBe(text);
      });
    });
  }
});
