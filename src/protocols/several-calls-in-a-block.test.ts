/**
 * Issue 27: several JSON call objects in one block, separated by commas (and blanks or line breaks), are
 * all calls, in every JSON family, through its preset and through auto. Before, the first object was a
 * call and the rest stayed as raw JSON text in hermes, gemma, xlam, mistral, granite, glm and qwen3-coder.
 *
 * Every text is scripted, none recorded from a model. vLLM's Hermes parser reads each <tool_call> body with
 * one json.loads, so such a body comes back as content there (vllm-project/vllm#48353: "concatenated objects
 * ... are all rejected"); toolshim's own corpus measured it on held-out text (issue 27).
 */
import type { FormatFixture } from '../test/fixtures/tools.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { protocolByName } from './registry.ts';

const A = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const B = '{"name": "search", "arguments": {"query": "museums"}}';
const calls = [
  { toolName: 'get_weather', input: { city: 'Paris' } },
  { toolName: 'search', input: { query: 'museums' } },
];

/** The blocks each family writes, with two objects inside separated by `sep`. */
const blocks: Record<string, (sep: string) => string> = {
  hermes: (sep) => `<tool_call>\n${A}${sep}${B}\n</tool_call>`,
  gemma: (sep) => `\`\`\`tool_call\n${A}${sep}${B}\n\`\`\``,
  xlam: (sep) => `<tool_call>${A}${sep}${B}</tool_call>`,
  mistral: (sep) => `[TOOL_CALLS] ${A}${sep}${B}`,
  granite: (sep) => `<tool_call>\n${A}${sep}${B}\n</tool_call>`,
  glm: (sep) => `<tool_call>${A}${sep}${B}</tool_call>`,
  'qwen3-coder': (sep) => `<tool_call>\n${A}${sep}${B}\n</tool_call>`,
  // These already read them; kept here so that no JSON family loses it.
  'llama3-json': (sep) => `<|python_tag|>${A}${sep}${B}`,
  'phi4-mini': (sep) => `<|tool_call|>${A}${sep}${B}<|/tool_call|>`,
  nemotron: (sep) => `<TOOLCALL>${A}${sep}${B}</TOOLCALL>`,
  jamba: (sep) => `<tool_calls>${A}${sep}${B}</tool_calls>`,
};

function fixturesFor(block: (sep: string) => string): FormatFixture[] {
  return [
    { name: 'separated by a comma', text: `I will look.\n${block(', ')}`, calls, prose: 'I will look.' },
    { name: 'a comma and a line break', text: block(',\n'), calls, prose: '' },
    {
      name: 'a comma, then text that is no call, before the next block',
      text: `${block(', ')} Then I answer.`,
      calls,
      prose: 'Then I answer.',
    },
  ];
}

for (const [name, block] of Object.entries(blocks)) {
  const fixtures = fixturesFor(block);
  runFormatFixtures(`several objects in one block: ${name}`, protocolByName(name), fixtures);
  runFormatFixtures(`several objects in one block: ${name} through auto`, protocolByName('auto'), fixtures);
}

// A comma after the last object is junk inside the block: it stays text, reported, and the calls stand.
runFormatFixtures('a comma after the last object', protocolByName('hermes'), [
  {
    name: 'hermes',
    text: `<tool_call>\n${A}, ${B},\n</tool_call>`,
    calls,
    prose: ',',
    errors: ['trailing-content'],
  },
  {
    name: 'a comma then prose, with no closing tag',
    text: `<tool_call>\n${A}, and then some text`,
    calls: calls.slice(0, 1),
    prose: ', and then some text',
  },
]);
