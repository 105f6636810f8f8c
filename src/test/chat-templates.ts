/**
 * A server-like chat-template renderer for the history comparison
 * (src/protocols/history-native.node.test.ts): OpenAI chat messages, as
 * fromChatEngine sends them, rendered through a model's official Jinja
 * template with @huggingface/jinja, the way vLLM and llama.cpp (`--jinja`)
 * apply one: each call's `arguments` JSON text parsed into an object (kept as
 * text where the template concatenates it), `tools` in the template's own
 * variable, `add_generation_prompt`.
 *
 * The templates are copied byte for byte into fixtures/chat-templates/ from
 * ggml-org/llama.cpp's models/templates/: the first 13 rows at commit
 * 1eeb523c3e0c7ffbd59469f5463dcbdecba3535e (read from the ye-NX/llama.cpp
 * mirror), except GLM-4.6.jinja at afefa651447358ae477f31a0ea1b97adff04c64f.
 * The others, each at the commit that last changed it:
 * - llama.cpp models/templates/ (read from the Raudbjorn/ggml-llama.cpp mirror
 *   at ae1a0b1c71a8b3a86ede8cb5892ed9ce967d00b2, whose history holds these commits):
 *   Qwen3-Coder.jinja@566059a26b0ce8faec4ea053605719d399c64cc5,
 *   ibm-granite-granite-4.0.jinja@6137c325a16073c8bf68a52396a815006ccaa9a9,
 *   MiniMax-M2.jinja@1920345c3bcec451421bb6abc4981678cc721154,
 *   deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081fd2c83bd221c157728a8cf0124cd4e27 (llama.cpp's Jinja of DeepSeek's
 *   Python encoder: V3.2 ships no Jinja template),
 *   google-gemma-4-31B-it.jinja@3fc65063d9c356510b86fc2f15ca8aea711bfc47,
 *   LFM2.5-8B-A1B.jinja@98d5e8ba8a2642710c9871d05ac1033a3328b884,
 *   LFM2-8B-A1B.jinja@97c64fbdbdf6662a0f31c97918fec7d480e1ecf5,
 *   mistralai-Ministral-3-14B-Reasoning-2512.jinja@2fbe3b7bb7814621477d658a81f0d0cca08761cf;
 *   from ggml-org/llama.cpp itself: llama-cpp-microsoft-Phi-4-mini-instruct.jinja@6d7822c18b5bc43c0053f09cf0eba66bd7e78a93,
 *   nvidia-Llama-3_3-Nemotron-Super-49B-v1_5.jinja@1035d607de4b7225ced27a19071a8bd8a1c08fbc,
 *   moonshotai-Kimi-K2-Thinking.jinja@0c3c896ea80643608b4e961eec7e1efcd844e109 (Moonshot's own; llama.cpp's
 *   Kimi-K2-Thinking.jinja is a rewrite that numbers the ids itself),
 *   ByteDance-Seed-OSS.jinja@b1933d306f928b19e1601e640c4f1a2eb84b238a.
 * - vllm-project/vllm examples/: tool_chat_template_xlam_llama.jinja@466716c2bb5f3d191eeaf25459ec6c3bb09f11d7,
 *   tool_chat_template_llama4_pythonic.jinja@0471aed1b67455f39accc28977db0b979e091687.
 * - AI21 Jamba Mini 1.7's template, as r-rojo/rampipe keeps it:
 *   tests/fixtures/jamba_mini_1_7_chat_template.jinja@3c7722e3161b0b15312e3d78b203df4955cba762.
 */
import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import type { ChatMessage } from '../wire/types.ts';

export interface TemplateRow {
  /** The registry name of toolshim's format for this family (a variant in `variant`). */
  format: string;
  variant?: Record<string, string>;
  /** The file in fixtures/chat-templates/, named as in the repository it comes from. */
  file: string;
  /** The template concatenates `arguments` as text (DeepSeek V3.1, R1): the server keeps the JSON text. */
  argumentsAsText?: boolean;
  /** The template tests a calls-only turn's content with `is none` (DeepSeek R1): null stays null, not ''. */
  nullContent?: boolean;
  /** The template writes no assistant `tool_calls` at all (why, in a sentence): every rendering loses the calls. */
  dropsCalls?: string;
  /**
   * The template takes only call ids of 9 letters and digits (Mistral's raise on any other); the reference
   * conversation carries each id's last 9 characters, as vLLM's Mistral tokenizer mode cuts them
   * (`truncate_tool_call_ids`), while a server that applies the template sends the ids it was given.
   */
  nineCharIds?: boolean;
  /**
   * Rewrites of the template's text, each `[from, to]`, for a construct Python's Jinja (vLLM, transformers)
   * renders and @huggingface/jinja 0.5.11 refuses; `to` writes the same text for these conversations.
   */
  rewrites?: ReadonlyArray<readonly [string, string]>;
  /**
   * For a template that reads an assistant turn's thinking from another field than `reasoning_content`: what
   * llama.cpp's server makes of the field before it applies the template (one of the adapters below). vLLM
   * renders these families without their Jinja template (gpt-oss through openai-harmony, Mistral's through
   * mistral-common).
   */
  reasoningAs?: (message: TemplateMessage) => TemplateMessage;
}

/** A message as the template receives it. */
export type TemplateMessage = Record<string, unknown>;

const hasCalls = (message: TemplateMessage) => Array.isArray(message.tool_calls) && message.tool_calls.length > 0;

/**
 * gpt-oss reads `thinking`: llama.cpp copies `reasoning_content` there and drops the content of a turn with
 * calls, which the template refuses beside thinking (common/parsers/gpt-oss.cpp@2629d7b599ca681be0bf508a2d42efba074898ca).
 */
function gptOssThinking(message: TemplateMessage): TemplateMessage {
  if (typeof message.reasoning_content !== 'string') return message;
  const { content, ...rest } = message;
  return { ...rest, ...(hasCalls(message) ? {} : { content }), thinking: message.reasoning_content };
}

/** LFM2.5 reads `thinking`: llama.cpp copies `reasoning_content` there (common/parsers/lfm2.cpp@aabb95e9510469c5705efea705a161458f3b3bbe). */
function lfm2Thinking(message: TemplateMessage): TemplateMessage {
  return typeof message.reasoning_content === 'string' ? { ...message, thinking: message.reasoning_content } : message;
}

/**
 * Ministral 3 reads thinking as a `{type: 'thinking'}` content block: llama.cpp rewrites each system and
 * assistant message's content as blocks, the thinking first (common/parsers/ministral3.cpp@5204e2104a1183e90a0607ec436bf4dfaf342dab).
 */
function ministralThinkingBlocks(message: TemplateMessage): TemplateMessage {
  if (message.role !== 'system' && message.role !== 'assistant') return message;
  const { reasoning_content: thinking, content, ...rest } = message;
  const blocks: unknown[] = typeof thinking === 'string' ? [{ type: 'thinking', thinking }] : [];
  if (typeof content === 'string') blocks.push({ type: 'text', text: content });
  else if (Array.isArray(content)) blocks.push(...content);
  return { ...rest, content: blocks };
}

export const TEMPLATE_ROWS: readonly TemplateRow[] = [
  { format: 'hermes', file: 'Qwen-Qwen3-0.6B.jinja' },
  { format: 'llama3-json', file: 'meta-llama-Llama-3.1-8B-Instruct.jinja' },
  {
    format: 'granite',
    file: 'ibm-granite-granite-3.3-2B-Instruct.jinja',
    dropsCalls: "Granite 3.3's template writes every message's content alone",
  },
  { format: 'mistral', file: 'unsloth-mistral-Devstral-Small-2507.jinja', nineCharIds: true },
  {
    format: 'mistral',
    variant: { variant: 'v11' },
    file: 'Mistral-Small-3.2-24B-Instruct-2506.jinja',
    nineCharIds: true,
  },
  {
    format: 'mistral',
    variant: { variant: 'legacy' },
    file: 'mistralai-Mistral-Nemo-Instruct-2407.jinja',
    nineCharIds: true,
  },
  { format: 'deepseek', file: 'deepseek-ai-DeepSeek-V3.1.jinja', argumentsAsText: true },
  {
    format: 'deepseek',
    variant: { variant: 'v3' },
    file: 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja',
    argumentsAsText: true,
    nullContent: true,
  },
  { format: 'kimi-k2', file: 'moonshotai-Kimi-K2.jinja' },
  { format: 'harmony', file: 'openai-gpt-oss-120b.jinja', reasoningAs: gptOssThinking },
  { format: 'nemotron', file: 'NVIDIA-Nemotron-Nano-v2.jinja' },
  { format: 'cohere', file: 'CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja' },
  { format: 'glm', file: 'GLM-4.6.jinja' },
  { format: 'qwen3-coder', file: 'Qwen3-Coder.jinja' },
  // Granite 4.0 writes Hermes' `<tool_call>{…}</tool_call>`, not Granite 3's `<|tool_call|>[…]`.
  { format: 'hermes', file: 'ibm-granite-granite-4.0.jinja' },
  { format: 'minimax-m2', file: 'MiniMax-M2.jinja' },
  { format: 'deepseek', variant: { variant: 'v3.2' }, file: 'deepseek-ai-DeepSeek-V3.2.jinja' },
  { format: 'gemma4', file: 'google-gemma-4-31B-it.jinja' },
  { format: 'pythonic', variant: { wrapper: 'lfm2' }, file: 'LFM2.5-8B-A1B.jinja', reasoningAs: lfm2Thinking },
  {
    format: 'pythonic',
    variant: { wrapper: 'lfm2' },
    file: 'LFM2-8B-A1B.jinja',
    reasoningAs: lfm2Thinking,
    dropsCalls:
      "LFM2's template writes an assistant turn's content alone: a client puts the call's text in the content",
  },
  {
    format: 'mistral',
    file: 'mistralai-Ministral-3-14B-Reasoning-2512.jinja',
    nineCharIds: true,
    reasoningAs: ministralThinkingBlocks,
  },
  { format: 'xlam', file: 'tool_chat_template_xlam_llama.jinja' },
  {
    // vLLM's Llama 4 template writes the bare list, without <|python_start|>: the default pythonic preset.
    format: 'pythonic',
    file: 'tool_chat_template_llama4_pythonic.jinja',
    // No `format` filter here; Python's `'%s' % value` of a string argument is the string itself.
    rewrites: [['"%s" | format(tool_call.arguments[param])', 'tool_call.arguments[param] | string']],
  },
  {
    format: 'phi4-mini',
    file: 'llama-cpp-microsoft-Phi-4-mini-instruct.jinja',
    // A `for` over an undefined attribute (a message without calls) is an empty loop in Python's Jinja and an
    // error here.
    rewrites: [['in message.tool_calls -%}', 'in (message.tool_calls or []) -%}']],
  },
  { format: 'jamba', file: 'jamba_mini_1_7_chat_template.jinja' },
  { format: 'nemotron', file: 'nvidia-Llama-3_3-Nemotron-Super-49B-v1_5.jinja' },
  { format: 'kimi-k2', file: 'moonshotai-Kimi-K2-Thinking.jinja' },
  {
    format: 'seed-oss',
    file: 'ByteDance-Seed-OSS.jinja',
    // The thinking-budget table is a dict with integer keys, which this renderer refuses: the same pairs as a
    // sorted list (what `dictsort` gives), and its last value where the template looks it up by key.
    rewrites: [
      [
        '{\n     0:      0,\n     512:    128,\n     1024:   256,\n     2048:   512,\n     4096:   512,\n     8192:   1024,\n     16384:  1024\n}',
        '[[0, 0], [512, 128], [1024, 256], [2048, 512], [4096, 512], [8192, 1024], [16384, 1024]]',
      ],
      ['budget_reflections_v05 | dictsort', 'budget_reflections_v05'],
      ['budget_reflections_v05[16384]', '1024'],
    ],
  },
];

const templates = new Map<string, Template>();

function templateOf(row: TemplateRow): Template {
  let template = templates.get(row.file);
  if (template === undefined) {
    let source = readFileSync(new URL(`./fixtures/chat-templates/${row.file}`, import.meta.url), 'utf8');
    for (const [from, to] of row.rewrites ?? []) {
      if (!source.includes(from)) throw new Error(`${row.file} lacks "${from}"`);
      source = source.replaceAll(from, to);
    }
    template = new Template(source);
    templates.set(row.file, template);
  }
  return template;
}

/**
 * The messages as a server hands them to the template: a calls-only turn's null content becomes ''
 * (llama.cpp's polyfill), then the family's own field for the thinking (`reasoningAs`).
 */
function templateMessages(messages: ChatMessage[], row: TemplateRow): unknown[] {
  const argumentsAsText = row.argumentsAsText === true;
  return messages.map((message) => {
    if (message.role !== 'assistant' && message.role !== 'system') return message;
    const withCalls: TemplateMessage =
      message.role !== 'assistant' || message.tool_calls === undefined
        ? message
        : {
            ...message,
            content: message.content ?? (row.nullContent ? null : ''),
            tool_calls: message.tool_calls.map((call) => ({
              ...call,
              function: {
                name: call.function.name,
                arguments: argumentsAsText ? call.function.arguments : JSON.parse(call.function.arguments),
              },
            })),
          };
    return row.reasoningAs ? row.reasoningAs(withCalls) : withCalls;
  });
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: unknown };
}

/**
 * The whole prompt the template writes, with the generation prompt and any
 * other `variables` (a request's `chat_template_kwargs`); when the template
 * refuses the conversation (`raise_exception`, or it cannot read a message),
 * the reason, marked, so that two refusals compare equal too.
 */
export function renderChat(
  row: TemplateRow,
  messages: ChatMessage[],
  tools?: ChatTool[],
  variables: Record<string, unknown> = {},
): string {
  try {
    return render(row, messages, tools, variables);
  } catch (error) {
    return `${REFUSED}${error instanceof Error ? error.message : String(error)}`;
  }
}

/** How a refused render starts. */
export const REFUSED = 'template refused: ';

function render(
  row: TemplateRow,
  messages: ChatMessage[],
  tools: ChatTool[] | undefined,
  variables: Record<string, unknown>,
): string {
  return templateOf(row).render({
    ...variables,
    messages: templateMessages(messages, row),
    ...(tools ? { tools } : {}),
    add_generation_prompt: true,
    bos_token: '<BOS>',
    eos_token: '<EOS>',
  });
}

/** What the template wrote from the first user message's text on: the history, whatever the system part holds. */
export function historyPortion(rendered: string, firstUserText: string): string {
  if (rendered.startsWith(REFUSED)) return rendered;
  const at = rendered.indexOf(firstUserText);
  if (at < 0) throw new Error(`the render lacks the first user message "${firstUserText}"`);
  return rendered.slice(at);
}
