/**
 * The AI SDK's `reasoning` call option (`none` … `max`), turned into the
 * model family's own thinking switch (see protocols/reasoning-switches.ts):
 * a word at the end of the last user message, a token at the top of the
 * system message, and the chat template's variables for engines that render
 * it, in `providerOptions.toolshim.chatTemplateKwargs` (toolshim's chat
 * engines send them as `chat_template_kwargs`). The option itself still
 * reaches the provider, which may map it too (`@ai-sdk/openai-compatible`
 * sends `reasoning_effort`). A family with no switch gets a warning.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, SharedV4Warning } from '@ai-sdk/provider';
import type { ReasoningSwitch, ToolCallProtocol } from '../protocols/protocol.ts';

export interface AppliedReasoning {
  /** The prompt with the switch's user suffix, when it has one. */
  prompt: LanguageModelV4Prompt;
  /** To be put at the very start of the system message. */
  systemPrefix: string;
  providerOptions: LanguageModelV4CallOptions['providerOptions'];
  warnings: SharedV4Warning[];
}

export function applyReasoningEffort(
  params: LanguageModelV4CallOptions,
  protocol: ToolCallProtocol,
  providerOptions: LanguageModelV4CallOptions['providerOptions'],
): AppliedReasoning {
  const effort = params.reasoning;
  const unchanged = { prompt: params.prompt, systemPrefix: '', providerOptions, warnings: [] };
  if (effort === undefined || effort === 'provider-default') return unchanged;
  if (protocol.reasoningSwitch === undefined) {
    return {
      ...unchanged,
      warnings: [
        {
          type: 'unsupported',
          feature: 'reasoning',
          details: `The "${protocol.name}" format's family has no thinking switch; reasoning "${effort}" went to the provider as it was.`,
        },
      ],
    };
  }
  const found: ReasoningSwitch = protocol.reasoningSwitch(effort);
  const warnings: SharedV4Warning[] = found.approximated
    ? [{ type: 'compatibility', feature: 'reasoning', details: found.approximated }]
    : [];
  let options = providerOptions;
  if (found.templateKwargs !== undefined) {
    const own = (providerOptions?.toolshim ?? {}) as { chatTemplateKwargs?: Record<string, unknown> };
    // Variables the caller set themselves win: they know their template.
    const chatTemplateKwargs = { ...found.templateKwargs, ...own.chatTemplateKwargs };
    options = { ...providerOptions, toolshim: { ...own, chatTemplateKwargs } } as typeof providerOptions;
  }
  return {
    prompt: found.userSuffix ? withUserSuffix(params.prompt, found.userSuffix) : params.prompt,
    systemPrefix: found.systemPrefix ?? '',
    providerOptions: options,
    warnings,
  };
}

/** Appends `suffix` to the last user message's text, unless it already ends with it. */
function withUserSuffix(prompt: LanguageModelV4Prompt, suffix: string): LanguageModelV4Prompt {
  const index = prompt.findLastIndex((message) => message.role === 'user');
  const message = prompt[index];
  if (message?.role !== 'user') return prompt;
  const content = [...message.content];
  const last = content.findLastIndex((part) => part.type === 'text');
  const part = content[last];
  if (part?.type === 'text') {
    if (part.text.trimEnd().endsWith(suffix.trim())) return prompt;
    content[last] = { ...part, text: part.text + suffix };
  } else content.push({ type: 'text', text: suffix.trim() });
  const next = [...prompt];
  next[index] = { ...message, content };
  return next;
}

/** Puts the switch's token at the very start of the system message, making one when there is none. */
export function withSystemPrefix(prompt: LanguageModelV4Prompt, prefix: string): LanguageModelV4Prompt {
  if (prefix === '') return prompt;
  const first = prompt[0];
  if (first?.role === 'system') return [{ ...first, content: prefix + first.content }, ...prompt.slice(1)];
  return [{ role: 'system', content: prefix }, ...prompt];
}
