/**
 * Issue 27: section markers that are special tokens are markup, never visible text. An empty section (nothing,
 * blanks or an empty list between its markers) and an end marker met alone leave no text, except the end marker
 * of a block that went back as text, which stays with that text (the rule f406323 set for Kimi K2 and DeepSeek).
 * Each fixture runs through the family's preset and through auto, fed whole, per character and at random splits.
 *
 * Every text is scripted, none recorded from a model. Which markers are tokens, and what an empty list means:
 * - `<|tool_call|>` and `<|/tool_call|>` are tokens of Phi-4-mini's tokenizer (its template writes a call as
 *   `<|tool_call|>{…}<|/tool_call|>`, llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja);
 *   `<|tool_call|>` of Granite 3.x's (its template asks for "<|tool_call|> followed by a JSON list",
 *   ibm-granite-granite-3.3-2B-Instruct.jinja), and vLLM's Granite parser reads `<|tool_call|>[]` as a tool
 *   call with no calls and no content (vllm-project/vllm vllm/tool_parsers/granite_tool_parser.py).
 * - `[TOOL_CALLS]` is Mistral's token; vLLM's Mistral parser reads `[TOOL_CALLS][]` (tokenizers before v11) as
 *   no calls and keeps only the text before the token (vllm/tool_parsers/mistral_tool_parser.py, extract_tool_calls).
 * - `<TOOLCALL>` (Nemotron) and `<|START_ACTION|>` (Cohere) already dropped `[]` and an empty block; blanks alone
 *   between the markers are the same empty block.
 * Not changed, on purpose: Hermes' `<tool_call>` tags are ordinary added tokens (not special in Qwen's
 * tokenizer) that GLM and Qwen3-Coder share, and vLLM's Hermes parser keeps `<tool_call></tool_call>` as
 * content; Jamba's `</tool_calls>` alone is dropped only where a call could have ended (its section in
 * src/protocols/README.md); `functools[]` is plain text, not a token.
 */
import type { FormatFixture } from '../test/fixtures/tools.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { protocolByName } from './registry.ts';

const A = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const callA = { toolName: 'get_weather', input: { city: 'Paris' } };

/** Phi-4-mini and Granite read `<|tool_call|>` with one trigger, so the same texts hold for both. */
const pipeToolCall: FormatFixture[] = [
  {
    name: 'an empty block',
    text: 'I will look. <|tool_call|><|/tool_call|> Done.',
    calls: [],
    prose: 'I will look. Done.',
  },
  {
    name: 'an empty block with blanks inside',
    text: 'Sure.<|tool_call|> \n<|/tool_call|>\nDone.',
    calls: [],
    prose: 'Sure. Done.',
  },
  {
    name: 'an empty list in a block',
    text: 'Sure. <|tool_call|>[]<|/tool_call|> Done.',
    calls: [],
    prose: 'Sure. Done.',
  },
  {
    name: 'an empty list, as Granite writes its list',
    text: 'No tool is needed.\n<|tool_call|>[]',
    calls: [],
    prose: 'No tool is needed.',
  },
  {
    name: 'a lone end marker',
    text: 'It is sunny. <|/tool_call|> Anything else?',
    calls: [],
    prose: 'It is sunny. Anything else?',
  },
  {
    name: 'a lone end marker after a closed call',
    text: `<|tool_call|>${A}<|/tool_call|><|/tool_call|> Done.`,
    calls: [callA],
    prose: 'Done.',
  },
  {
    name: 'an empty block, then a call',
    text: `<|tool_call|>[]<|/tool_call|><|tool_call|>${A}<|/tool_call|>`,
    calls: [callA],
    prose: '',
  },
  // Guards: a block that went back as text keeps its end marker, and a begin marker right after a blank still opens.
  {
    name: 'the end marker of a broken block stays with its text',
    text: '<|tool_call|>oops<|/tool_call|> Done.',
    calls: [],
    prose: '<|tool_call|>oops<|/tool_call|> Done.',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a begin marker with no call, then a call',
    text: `<|tool_call|> <|tool_call|>${A}<|/tool_call|>`,
    calls: [callA],
    prose: '<|tool_call|>',
    errors: ['malformed-tool-call'],
  },
];

const fixtures: Record<string, FormatFixture[]> = {
  'phi4-mini': pipeToolCall,
  granite: pipeToolCall,
  mistral: [
    { name: 'an empty call list', text: 'I checked. [TOOL_CALLS][]', calls: [], prose: 'I checked.' },
    {
      name: 'an empty call list after a blank',
      text: '[TOOL_CALLS] [] Nothing to call.',
      calls: [],
      prose: 'Nothing to call.',
    },
    {
      name: 'an empty call list, then a call',
      text: '[TOOL_CALLS][][TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      calls: [callA],
      prose: '',
    },
  ],
  xlam: [
    {
      name: 'an empty call list after [TOOL_CALLS]',
      text: 'Nothing to do.[TOOL_CALLS][]',
      calls: [],
      prose: 'Nothing to do.',
    },
  ],
  nemotron: [
    { name: 'an empty block with blanks inside', text: 'Done.<TOOLCALL> \n</TOOLCALL>', calls: [], prose: 'Done.' },
    // The output ends inside what may be the end token: the block goes back as text, as Kimi K2's does.
    {
      name: 'blanks and a cut-off end token at the end of the output',
      text: 'Done.<TOOLCALL> </TOOL',
      calls: [],
      prose: 'Done.<TOOLCALL> </TOOL',
      errors: ['unclosed-tool-call'],
    },
    // Guard: a begin token followed by markup that is not its end stays text, reported, as before.
    {
      name: 'a begin token before other markup stays text',
      text: 'See <TOOLCALL> <b>this</b>',
      calls: [],
      prose: 'See <TOOLCALL> <b>this</b>',
      errors: ['malformed-tool-call'],
    },
  ],
  cohere: [
    {
      name: 'an empty action block with a line break inside',
      text: '<|START_ACTION|>\n<|END_ACTION|><|START_RESPONSE|>Hi.<|END_RESPONSE|>',
      calls: [],
      prose: 'Hi.',
    },
  ],
};

for (const [name, list] of Object.entries(fixtures)) {
  runFormatFixtures(`markup leaves no text: ${name}`, protocolByName(name), list);
  runFormatFixtures(`markup leaves no text: ${name} through auto`, protocolByName('auto'), list);
}
