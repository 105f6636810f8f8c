/**
 * Patterns from peer parser tests, templates, docs and bug reports that the
 * corpus did not cover before: several Gemma 4 calls in one block, Harmony's
 * lenient reads, Llama 3.1's custom-tool tag, Mistral's list form in two
 * blocks, xLAM's wrappers after text, each family's end-of-turn tokens,
 * `"arguments"` that are no JSON object, and a pythonic list holding a
 * non-call. Synthetic texts written to each pattern (nothing copied).
 */
import { call, corpusCase } from './make.ts';
import { T_GEMMA4, V_XLAM } from './sources.ts';
import type { CorpusCase } from './types.ts';

const Q = '<|"|>';
const HARMONY_TESTS = 'openai/harmony src/tests.rs@1bd4d071ca20f43996adcc1f2b937ce7e11d6791';
const HARMONY_DOCS =
  'openai/harmony docs/format.md@20cd04c17fa327f01f9f28240fb70183d4feb406 (special tokens: <|return|> ends the last message, <|end|> a message, <|start|> begins one)';
const LLAMA31_PROMPTS =
  'meta-llama/llama-models models/llama3_1/prompts.py@bf5b0c4fe74e3b51ed5904ab65e3f671b194d2a9 (custom tool call <function=spotify_trending_songs>{"n": "5"}</function>)';
const END_TOKENS = 'ochafik/llama.cpp tests/chat-parsers/*.cpp@6e434ce55 (end_tokens per template)';

export const gemma4PeerCorpus: CorpusCase[] = [
  corpusCase(
    ['gemma4'],
    'two calls in one <|tool_call> block, nothing between them',
    'alez007/modelship tests/test_gemma4_parsers.py@d5af0e34464f5c860555f10d1b89f80f00d744b8, test_multiple_concatenated_tool_calls',
    `<|tool_call>call:get_weather{location:${Q}Tokyo${Q}}call:search{query:${Q}JST time${Q}}<tool_call|>`,
    [call('get_weather', { location: 'Tokyo' }), call('search', { query: 'JST time' })],
  ),
  corpusCase(
    ['gemma4'],
    '<|tool_response> after the call (the template writes it where the result goes)',
    `${T_GEMMA4} (writes <|tool_response> right after <tool_call|>)`,
    `<|tool_call>call:search{query:${Q}cows${Q}}<tool_call|><|tool_response>`,
    [call('search', { query: 'cows' })],
  ),
];

export const harmonyPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['harmony'],
    'an analysis message ended by <|return|>, then the final answer',
    HARMONY_DOCS,
    '<|channel|>analysis<|message|>Simple greeting.<|return|><|start|>assistant<|channel|>final<|message|>Hello!<|return|>',
    [],
    'Hello!',
    { reasoning: 'Simple greeting.' },
  ),
  corpusCase(
    ['harmony'],
    'a header with no <|message|>: the message is the rest of the header',
    `${HARMONY_TESTS}, test_missing_message_token_requires_non_strict_mode`,
    '<|channel|>analysis I must refuse this request.<|end|><|start|>assistant<|channel|>final<|message|>Sorry, I cannot help.<|return|>',
    [],
    'Sorry, I cannot help.',
    { reasoning: 'I must refuse this request.' },
  ),
  corpusCase(
    ['harmony'],
    'the first message without its header (the template wrote it), then <|end|> and a new message',
    HARMONY_DOCS,
    'The user greets me.<|end|><|start|>assistant<|channel|>final<|message|>Hi there.<|return|>',
    [],
    'The user greets me.Hi there.',
  ),
];

export const llama3PeerCorpus: CorpusCase[] = [
  corpusCase(
    ['llama3-json'],
    "Llama 3.1's custom-tool form <function=NAME>{…}</function>",
    LLAMA31_PROMPTS,
    '<function=search>{"query": "trending songs"}</function>',
    [call('search', { query: 'trending songs' })],
  ),
  corpusCase(
    ['llama3-json'],
    'two custom-tool calls, text before them',
    'ochafik/llama.cpp tests/chat-parsers/test-hermes-2-pro.cpp@148a6053 (two <function=…>{…}</function> calls)',
    'Checking both.<function=get_weather>{"location": "Oslo"}</function><function=search>{"query": "fjords"}</function>',
    [call('get_weather', { location: 'Oslo' }), call('search', { query: 'fjords' })],
    'Checking both.',
  ),
  corpusCase(
    ['llama3-json'],
    'the tag in prose, naming no declared tool, stays text',
    LLAMA31_PROMPTS,
    'Use <function=name>{"arg": 1}</function> to call a tool.',
    [],
    'Use <function=name>{"arg": 1}</function> to call a tool.',
  ),
];

export const mistralPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['mistral'],
    'list form in two [TOOL_CALLS] blocks',
    'https://github.com/vllm-project/vllm/issues/11097 (parallel calls lost by the Mistral parser); ggml-org/llama.cpp models/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja (the list form)',
    '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"location": "Paris"}}][TOOL_CALLS] [{"name": "search", "arguments": {"query": "louvre"}}]',
    [call('get_weather', { location: 'Paris' }), call('search', { query: 'louvre' })],
  ),
];

export const xlamPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['xlam'],
    'text, then [TOOL_CALLS] and the list',
    `${V_XLAM}, single_tool_with_tool_calls_tag`,
    'I will check the weather.[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "Dallas"}}]',
    [call('get_weather', { location: 'Dallas' })],
    'I will check the weather.',
  ),
  corpusCase(
    ['xlam'],
    'text, then the list in <tool_call> tags',
    `${V_XLAM}, single_tool_with_tool_call_xml_tags`,
    'Let me look.<tool_call>[{"name": "search", "arguments": {"query": "dallas"}}]</tool_call>',
    [call('search', { query: 'dallas' })],
    'Let me look.',
  ),
  corpusCase(
    ['xlam'],
    'text, then the list in a ```json fence',
    `${V_XLAM}, single_tool_with_json_code_block`,
    'Sure.\n```json\n[{"name": "get_weather", "arguments": {"location": "Austin"}}]\n```',
    [call('get_weather', { location: 'Austin' })],
    'Sure.',
  ),
];

export const endTokenPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['harmony'],
    '<|endoftext|> after the final answer (gpt-oss)',
    `${END_TOKENS}, test-gpt-oss.cpp`,
    '<|channel|>final<|message|>Done.<|return|><|endoftext|>',
    [],
    'Done.',
  ),
  corpusCase(
    ['glm'],
    "<|assistant|> after the call (GLM's next-turn token)",
    `${END_TOKENS}, test-glm-4-5.cpp`,
    '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>ramen</arg_value>\n</tool_call><|assistant|>',
    [call('search', { query: 'ramen' })],
  ),
  corpusCase(
    ['hermes'],
    "</s> is no Hermes end token (its template ends turns with <|im_end|>): it stays text; auto drops it as Mistral's",
    `${END_TOKENS}, test-hermes-2-pro.cpp (end_tokens <|im_end|>), test-mistral-nemo.cpp (</s>)`,
    '<tool_call>\n{"name": "search", "arguments": {"query": "tea"}}\n</tool_call></s>',
    [call('search', { query: 'tea' })],
    '</s>',
    { notAuto: 'auto drops every family’s end tokens, Mistral’s </s> included (the mistral family covers it)' },
  ),
];

export const argumentsPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['hermes'],
    '"arguments" as a string that is no JSON object: the call stays text, reported',
    'https://github.com/open-webui/open-webui/issues/29323 (arguments decoding to a non-object crash a client); its fix, open-webui#29654, treats such arguments as unparseable',
    '<tool_call>\n{"name": "search", "arguments": "search for cats"}\n</tool_call>',
    [],
    '<tool_call>\n{"name": "search", "arguments": "search for cats"}\n</tool_call>',
    { errors: ['malformed-tool-call'] },
  ),
];

export const pythonicPeerCorpus: CorpusCase[] = [
  corpusCase(
    ['pythonic'],
    'a list with an element that is no call: its call runs, the element stays text',
    'vllm-project/vllm vllm/frontend/processing/tool_parsers/pythonic_tool_parser.py@055e47c2 (a list whose elements are not all calls is content there; toolshim keeps the valid call, issue 37)',
    '[get_weather(location="Lima"), 42]',
    [call('get_weather', { location: 'Lima' })],
    '42',
    { errors: ['malformed-tool-call'] },
  ),
];
