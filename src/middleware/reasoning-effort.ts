/**
 * The AI SDK's `reasoning` call option (`none` … `max`), turned into the
 * model family's own thinking switch (see protocols/reasoning-switches.ts):
 * a word at the end of the last user message, a token at the top of the
 * system message, and the chat template's variables for engines that render
 * it, in `providerOptions.toolshim.chatTemplateKwargs` (toolshim's chat
 * engines send them as `chat_template_kwargs`). The option itself still
 * reaches the provider, which may map it too (`@ai-sdk/openai-compatible`
 * sends `reasoning_effort`). A family with no switch gets a warning.
 * The prompt rewriting writes the switch's words: convertPrompt the user
 * suffix, withSystemPrompt the system prefix.
 */
import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import type { ReasoningSwitch, ToolCallProtocol } from '../protocols/protocol.ts';

type ProviderOptions = NonNullable<LanguageModelV4CallOptions['providerOptions']>;

/**
 * The family's switch for the call's `reasoning` (nothing for
 * `provider-default`), with the warnings it calls for added to `warnings`.
 * Its template variables are written into `providerOptions`, a copy the
 * caller owns: variables the caller set themselves win, as they know their template.
 */
export function reasoningSwitch(
  effort: LanguageModelV4CallOptions['reasoning'],
  protocol: ToolCallProtocol,
  providerOptions: ProviderOptions,
  warnings: SharedV4Warning[],
): ReasoningSwitch {
  if (effort === undefined || effort === 'provider-default') return {};
  const found = protocol.reasoningSwitch?.(effort);
  const details =
    found === undefined
      ? `The "${protocol.name}" format's family has no thinking switch; reasoning "${effort}" went to the provider as it was.`
      : found.approximated;
  if (details) warnings.push({ type: found ? 'compatibility' : 'unsupported', feature: 'reasoning', details });
  if (found?.templateKwargs) {
    const own = (providerOptions.toolshim ?? {}) as { chatTemplateKwargs?: Record<string, unknown> };
    const chatTemplateKwargs = { ...found.templateKwargs, ...own.chatTemplateKwargs };
    providerOptions.toolshim = { ...own, chatTemplateKwargs } as ProviderOptions[string];
  }
  return found ?? {};
}
