/**
 * Several calls in one Gemma block (`<|tool_call>call:a{…}call:b{…}<tool_call|>`, Gemma 4 and FunctionGemma
 * share the reader) when a later call is malformed: the calls before it stand, and only the malformed call's
 * own text goes back, once. Before, the whole block's text went back after the first call when the block came
 * in one chunk (that call's text twice), and the second call's `call` was lost when it came one character at
 * a time. Scripted texts; the form is a peer's parser test (alez007/modelship tests/test_gemma4_parsers.py@d5af0e34,
 * test_multiple_concatenated_tool_calls). Each is fed through the preset and through auto, whole, one character
 * at a time and at random split points.
 */
import type { FormatFixture } from '../../test/fixtures/tools.ts';
import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { protocolByName } from '../registry.ts';

function fixtures(open: string, close: string, q: string): FormatFixture[] {
  const good = `call:search{query:${q}a${q}}`;
  return [
    {
      name: 'a malformed second call goes back alone, with the closing token that ends it',
      text: `A ${open}${good}call:search{query ab}${close} B`,
      calls: [{ toolName: 'search', input: { query: 'a' } }],
      prose: `A call:search{query ab}${close} B`,
      errors: ['malformed-tool-call'],
    },
    {
      name: 'two complete calls, then a malformed third',
      text: `${open}${good}\ncall:get_weather{city:${q}Oslo${q}}call:get_weather{city ${q}x${q}}${close}`,
      calls: [
        { toolName: 'search', input: { query: 'a' } },
        { toolName: 'get_weather', input: { city: 'Oslo' } },
      ],
      prose: `call:get_weather{city ${q}x${q}}${close}`,
      errors: ['malformed-tool-call'],
    },
  ];
}

const families: [string, FormatFixture[]][] = [
  ['gemma4', fixtures('<|tool_call>', '<tool_call|>', '<|"|>')],
  ['function-gemma', fixtures('<start_function_call>', '<end_function_call>', '<escape>')],
];

for (const [name, cases] of families) {
  runFormatFixtures(`several calls in a block, one malformed: ${name}`, protocolByName(name), cases);
  runFormatFixtures(`several calls in a block, one malformed: ${name} through auto`, protocolByName('auto'), cases);
}
