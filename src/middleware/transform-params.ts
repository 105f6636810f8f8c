/**
 * Before the call: validate the tool choice, teach the tools in the system
 * prompt, rewrite the history, and hide tools from the provider.
 */
import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import type { ReasoningOption } from '../parse/engine/events.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import type { OnToolshimError, ToolSpec } from '../types.ts';
import { type CallSetup, type CallState, rememberCallState, type ToolChoiceMode } from './call-state.ts';
import { convertPrompt, withSystemPrompt } from './convert-prompt.ts';
import { resolveDebug } from './debug.ts';
import { notTooDeep } from './nesting.ts';
import type { ToolCallMiddlewareProviderOptions } from './options.ts';
import { reasoningSwitch } from './reasoning-effort.ts';
import { forcedInstruction, forcedResponseSchema, validateToolChoice } from './tool-choice.ts';

/**
 * Both error hooks (middleware option and per-call provider option) hear every
 * problem. The hooks run in the middle of a parse, so a hook that throws (the
 * app's own bug) would end the model's stream there and lose the rest of the
 * answer: the throw is caught, and reported once per call on console.error so
 * the bug is still seen without flooding the log when every chunk repeats it.
 */
export function combineOnError(...hooks: Array<OnToolshimError | undefined>): OnToolshimError {
  const present = hooks.filter((h): h is OnToolshimError => typeof h === 'function');
  let reported = false;
  return (message, metadata) => {
    for (const hook of present) {
      try {
        hook(message, metadata);
      } catch (error) {
        if (reported) continue;
        reported = true;
        console.error(
          `toolshim: your onError callback threw while being told "${message}" [${metadata.code}]; the answer went on. Fix the callback (later throws in this call are not logged):`,
          error,
        );
      }
    }
  };
}

/** The function tools of a call, as the parsers see them. */
export function functionToolsOf(params: LanguageModelV4CallOptions): ToolSpec[] {
  return (params.tools ?? []).flatMap((tool) =>
    tool.type === 'function'
      ? [
          {
            name: tool.name,
            inputSchema: tool.inputSchema,
            ...(tool.description ? { description: tool.description } : {}),
            ...(tool.strict ? { strict: true } : {}),
          },
        ]
      : [],
  );
}

export function transformParams(params: LanguageModelV4CallOptions, setup: CallSetup): LanguageModelV4CallOptions {
  const { protocol, options } = setup;
  const allTools = params.tools ?? [];
  const toolChoice = validateToolChoice(params.toolChoice, allTools);
  const { toolCallMiddleware, ...providerOptions } = params.providerOptions ?? {};
  const perCall = toolCallMiddleware as ToolCallMiddlewareProviderOptions | undefined;
  const onError = combineOnError(options.onError, perCall?.onError);

  const tools = functionToolsOf(params);
  const warnings: SharedV4Warning[] = [];
  for (const tool of allTools) {
    // Schemas are checked here, before the tool prompt renders them; history values as convertPrompt meets them.
    if (tool.type === 'function') {
      notTooDeep(tool.inputSchema, tool.name, 'schema');
      continue;
    }
    const details = `toolshim emulates function tools only; the provider-defined tool "${tool.name}" (${tool.id}) was not sent to the model.`;
    warnings.push({ type: 'unsupported', feature: `provider-defined tool ${tool.name}`, details });
    onError(details, { code: 'provider-tool-ignored', toolName: tool.name });
  }

  const forced = toolChoice.type === 'required' || toolChoice.type === 'tool';
  let toolPrompt = '';
  if (toolChoice.type !== 'none' && tools.length > 0) {
    const render = () => {
      const rendered = protocol.formatTools({ tools, toolSystemPromptTemplate: options.toolSystemPromptTemplate });
      const examples = rendered + exampleCalls(allTools, protocol);
      return forced ? `${examples}\n\n${forcedInstruction(toolChoice)}` : examples;
    };
    const choice = toolChoice.type === 'tool' ? `tool:${toolChoice.toolName}` : toolChoice.type;
    toolPrompt = setup.cachePrompt ? setup.cachePrompt(setup, allTools, choice, render) : render();
  }
  const thinking = reasoningSwitch(params.reasoning, protocol, providerOptions, warnings);
  // History as the protocol's text, or (`history: 'native'`) left as structured messages for the server's template.
  const converted = (setup.nativeHistory ?? convertPrompt)(params.prompt, {
    protocol,
    userSuffix: thinking.userSuffix,
    toolResponsePromptTemplate: options.toolResponsePromptTemplate,
    onError,
    attachFiles: setup.attachFiles,
  });
  const placement = options.placement ?? 'first';
  const prompt = withSystemPrompt(converted, toolPrompt, placement, thinking.systemPrefix, setup.joinSystem);

  const { tools: _tools, toolChoice: _toolChoice, providerOptions: _providerOptions, ...rest } = params;
  const next: LanguageModelV4CallOptions = { ...rest, prompt };
  if (Object.keys(providerOptions).length > 0) next.providerOptions = providerOptions;
  if (forced) {
    const forcedTool = toolChoice.type === 'tool' ? tools.find((t) => t.name === toolChoice.toolName) : undefined;
    next.responseFormat = {
      type: 'json',
      schema: forcedResponseSchema(toolChoice, tools),
      ...(forcedTool ? { name: forcedTool.name } : {}),
      ...(forcedTool?.description ? { description: forcedTool.description } : {}),
    };
  }

  rememberCallState(next, callState(setup, tools, toolChoice, onError, warnings, perCall?.reasoning));
  return next;
}

/**
 * The tools' `inputExamples`, written as calls in the protocol's own format
 * after the tool prompt: a small model copies a call it was shown more
 * reliably than it follows a schema.
 */
function exampleCalls(tools: NonNullable<LanguageModelV4CallOptions['tools']>, protocol: ToolCallProtocol): string {
  const calls = tools.flatMap((tool) =>
    tool.type === 'function'
      ? (tool.inputExamples ?? []).map((example) =>
          protocol.formatToolCall({ toolCallId: 'example', toolName: tool.name, input: example.input }),
        )
      : [],
  );
  return calls.length === 0 ? '' : `\n\nExamples of calls:\n${calls.join('\n')}`;
}

/** What the generate and stream wrappers need for one call. */
export function callState(
  setup: CallSetup,
  tools: ToolSpec[],
  toolChoice: ToolChoiceMode,
  onError: OnToolshimError,
  warnings: SharedV4Warning[] = [],
  reasoning: ReasoningOption | undefined = undefined,
): CallState {
  // The parser needs a tool's name and schema. Its description (KBs each for an agent's tools) would stay
  // reachable for the whole stream; in workerd that outlived the young generation and made the collector's
  // pauses the proxy's p99 (npm run bench:proxy: 64 KB of the parsed request promoted per agent request, now 15).
  const kept = tools.map(({ name, inputSchema }) => ({ name, inputSchema }));
  return {
    ...setup,
    tools: kept,
    toolChoice,
    onError,
    warnings,
    reasoning: reasoning ?? setup.options.reasoning,
    debug: resolveDebug(setup.options.debug),
  };
}
