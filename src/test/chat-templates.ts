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
 * ggml-org/llama.cpp's models/templates/: all at commit
 * 1eeb523c3e0c7ffbd59469f5463dcbdecba3535e (read from the ye-NX/llama.cpp
 * mirror), except GLM-4.6.jinja at afefa651447358ae477f31a0ea1b97adff04c64f.
 */
import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import type { ChatMessage } from '../wire/types.ts';

export interface TemplateRow {
  /** The registry name of toolshim's format for this family (a variant in `variant`). */
  format: string;
  variant?: Record<string, string>;
  /** The file in fixtures/chat-templates/ (llama.cpp's name). */
  file: string;
  /** The template concatenates `arguments` as text (DeepSeek V3.1, R1): the server keeps the JSON text. */
  argumentsAsText?: boolean;
  /** The template tests a calls-only turn's content with `is none` (DeepSeek R1): null stays null, not ''. */
  nullContent?: boolean;
}

export const TEMPLATE_ROWS: readonly TemplateRow[] = [
  { format: 'hermes', file: 'Qwen-Qwen3-0.6B.jinja' },
  { format: 'llama3-json', file: 'meta-llama-Llama-3.1-8B-Instruct.jinja' },
  { format: 'granite', file: 'ibm-granite-granite-3.3-2B-Instruct.jinja' },
  { format: 'mistral', file: 'unsloth-mistral-Devstral-Small-2507.jinja' },
  { format: 'mistral', variant: { variant: 'v11' }, file: 'Mistral-Small-3.2-24B-Instruct-2506.jinja' },
  { format: 'mistral', variant: { variant: 'legacy' }, file: 'mistralai-Mistral-Nemo-Instruct-2407.jinja' },
  { format: 'deepseek', file: 'deepseek-ai-DeepSeek-V3.1.jinja', argumentsAsText: true },
  {
    format: 'deepseek',
    variant: { variant: 'v3' },
    file: 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja',
    argumentsAsText: true,
    nullContent: true,
  },
  { format: 'kimi-k2', file: 'moonshotai-Kimi-K2.jinja' },
  { format: 'harmony', file: 'openai-gpt-oss-120b.jinja' },
  { format: 'nemotron', file: 'NVIDIA-Nemotron-Nano-v2.jinja' },
  { format: 'cohere', file: 'CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja' },
  { format: 'glm', file: 'GLM-4.6.jinja' },
];

const templates = new Map<string, Template>();

function templateOf(file: string): Template {
  let template = templates.get(file);
  if (template === undefined) {
    const source = readFileSync(new URL(`./fixtures/chat-templates/${file}`, import.meta.url), 'utf8');
    template = new Template(source);
    templates.set(file, template);
  }
  return template;
}

/** The messages as a server hands them to the template; a calls-only turn's null content becomes '' (llama.cpp's polyfill). */
function templateMessages(messages: ChatMessage[], row: TemplateRow): unknown[] {
  const argumentsAsText = row.argumentsAsText === true;
  return messages.map((message) => {
    if (message.role !== 'assistant' || message.tool_calls === undefined) return message;
    return {
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
  });
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: unknown };
}

/**
 * The whole prompt the template writes, with the generation prompt; when the
 * template refuses the conversation (`raise_exception`, or it cannot read a
 * message), the reason, marked, so that two refusals compare equal too.
 */
export function renderChat(row: TemplateRow, messages: ChatMessage[], tools?: ChatTool[]): string {
  try {
    return render(row, messages, tools);
  } catch (error) {
    return `${REFUSED}${error instanceof Error ? error.message : String(error)}`;
  }
}

/** How a refused render starts. */
export const REFUSED = 'template refused: ';

function render(row: TemplateRow, messages: ChatMessage[], tools?: ChatTool[]): string {
  return templateOf(row.file).render({
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
