/**
 * The proxy's rule for tool calls: a client is told of a call only once the
 * call is whole.
 *
 * The middleware announces a call (`tool-input-start`) as soon as the model
 * has written its name, and streams its arguments as they come. A call whose
 * text then breaks is dropped, and its raw text follows as text. An HTTP
 * client cannot be told to forget a block it was sent: Claude Code runs a
 * `tool_use` block with the input gathered so far (`{}` when the call broke
 * right after its name: it then asked again, forever), and Codex acts on a
 * `function_call` item at `response.output_item.done` whatever its status.
 *
 * So the core's driver (drive-writer.ts) holds back, for every door, the
 * parts that announce a call (`tool-input-start`, `-delta`, `-end`); the
 * `tool-call` part alone goes to the door, whose writer sends it as one
 * complete block. A dropped call leaves nothing but its text. The cost is that
 * a client sees a long call's arguments at its end instead of as they stream;
 * the stream's liveness comments and keep-alive cover the wait. Nothing of the arguments is kept here: the
 * `tool-call` part carries them whole.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** True for the parts that announce a call before it is whole; the core does not pass them to a door. */
export function announcesCall(part: LanguageModelV4StreamPart): boolean {
  return part.type === 'tool-input-start' || part.type === 'tool-input-delta' || part.type === 'tool-input-end';
}
