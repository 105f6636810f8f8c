/**
 * Issue 27 for the families whose calls are sections of their own (FunctionGemma, Gemma 4, gpt-oss
 * Harmony): their markers are special tokens, so an empty section, and an end marker that comes alone,
 * are markup and leave no text, except the end marker of a call that went back as text, which stays with
 * that text (the rule calls-block.ts follows for Kimi K2 and DeepSeek since f406323). Each text is fed
 * through the preset and through auto, whole, one character at a time and at random split points.
 *
 * Every text is scripted, none recorded from a model. The markers are the tokenizers' special tokens:
 * FunctionGemma's `<start_function_call>`/`<end_function_call>` (Ollama model/parsers/functiongemma.go keeps
 * both as preserved tokens), Gemma 4's `<|tool_call>`/`<tool_call|>` (llama.cpp models/templates/gemma4.jinja),
 * Harmony's `<|message|>`, `<|end|>`, `<|call|>`, `<|return|>` (openai/harmony src/registry.rs, the three
 * message stop tokens). Neither family's tokenizer has other spellings of them to read.
 */
import type { FormatFixture } from '../test/fixtures/tools.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { protocolByName } from './registry.ts';

const E = '<escape>';
const Q = '<|"|>';

const functionGemma: FormatFixture[] = [
  {
    name: 'a lone <end_function_call> leaves no text',
    text: 'Sure. <end_function_call> Done.',
    calls: [],
    prose: 'Sure. Done.',
  },
  // Ollama drops Gemma 4's doubled closing token after a call (ollama/ollama#15370); FunctionGemma's is the same markup.
  {
    name: 'a doubled <end_function_call> after a call leaves no text',
    text: `<start_function_call>call:search{query:${E}a${E}}<end_function_call><end_function_call> Done.`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'Done.',
  },
  {
    name: 'an empty call block leaves no text, with or without blanks inside',
    text: 'A <start_function_call><end_function_call> B <start_function_call> \n<end_function_call> C',
    calls: [],
    prose: 'A B C',
  },
  {
    name: 'the end marker of a malformed call stays with its text; a lone one after it does not',
    text: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call> then <end_function_call> x`,
    calls: [],
    prose: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call> then x`,
    errors: ['malformed-tool-call'],
  },
];

const gemma4: FormatFixture[] = [
  {
    name: 'a lone <tool_call|> in prose leaves no text',
    text: 'See <tool_call|> here.',
    calls: [],
    prose: 'See here.',
  },
  // vllm-mlx tests/test_gemma4_tool_parser.py, test_empty_tool_call_block: no call; Ollama's parser drops it too.
  {
    name: 'an empty call block leaves no text, with or without blanks inside',
    text: 'A <|tool_call><tool_call|> B <|tool_call>\n<tool_call|> C',
    calls: [],
    prose: 'A B C',
  },
  {
    name: 'the end marker of a malformed call stays with its text; a lone one after it does not',
    text: `<|tool_call>search(${Q}x${Q})<tool_call|> and <tool_call|> z`,
    calls: [],
    prose: `<|tool_call>search(${Q}x${Q})<tool_call|> and z`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a call without its opener that names no declared tool keeps its end marker',
    text: `call:launch_rocket{when:${Q}now${Q}}<tool_call|>`,
    calls: [],
    prose: `call:launch_rocket{when:${Q}now${Q}}<tool_call|>`,
  },
];

const H = (name: string, args: string) =>
  `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${args}<|call|>`;

const harmony: FormatFixture[] = [
  {
    name: 'a lone <|call|> leaves no text',
    text: 'Hello <|call|> world',
    calls: [],
    prose: 'Hello world',
  },
  {
    name: 'a doubled <|call|> after a call leaves no text',
    text: `${H('search', '{"query": "a"}')}<|call|> Done.`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'Done.',
  },
  {
    name: 'the <|call|> of a malformed call stays with its text; a lone one after it does not',
    text: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|> x <|call|> y',
    calls: [],
    prose: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|> x y',
    errors: ['malformed-tool-call'],
  },
  // openai/harmony src/encoding.rs (StreamableParser, non-strict): a stop token in a header ends the message, its
  // content what follows the channel's name, or empty; the stop token is consumed.
  {
    name: 'a message with no <|message|> ends at its <|end|>, which leaves no text',
    text: '<|channel|>analysis I must refuse<|end|>Sorry, I cannot.',
    calls: [],
    prose: 'Sorry, I cannot.',
    reasoning: 'I must refuse',
  },
  {
    name: 'an empty message with no <|message|> leaves no text',
    text: 'A <|channel|>final<|end|> B <|start|>assistant<|channel|>commentary<|end|> C',
    calls: [],
    prose: 'A B C',
  },
];

const families: [string, FormatFixture[]][] = [
  ['function-gemma', functionGemma],
  ['gemma4', gemma4],
  ['harmony', harmony],
];

for (const [name, fixtures] of families) {
  runFormatFixtures(`markup markers: ${name}`, protocolByName(name), fixtures);
  runFormatFixtures(`markup markers: ${name} through auto`, protocolByName('auto'), fixtures);
}
