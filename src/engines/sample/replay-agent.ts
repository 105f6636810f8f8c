/**
 * The scripted model with an agent client's tools (Claude Code, Codex CLI):
 * when the offered tools include a shell tool, "run `ls`" is a call of that
 * shell tool, "read README.md" of the client's read tool, "create a file
 * NAME with TEXT" of its write or patch tool, each with the argument shape
 * the tool's schema declares; after the result comes back, a short answer
 * quoting it ends the turn. Written for this project, not recorded.
 */

import { withoutSwitch } from './replay-conversation.ts';
import type { ReplayCall } from './replay-formats.ts';
import { withoutClientFraming } from './replay-framing.ts';
import type { ReplayTurn } from './replay-scripts.ts';

type Properties = Record<string, unknown>;

export interface AgentContext {
  /** The user's own request (context blocks taken out). */
  request: string;
  step: number;
  results: unknown[];
  toolNames: string[];
  /** Each tool's declared properties, when the system prompt lists them. */
  schemas: Map<string, Properties | undefined>;
  /** The working directory the client states, for tools that take absolute paths. */
  cwd: string | undefined;
}

/** Shell tools, preferred first: Claude Code's `Bash`; Codex's unified exec, `shell_command` and `shell`. */
const SHELL_TOOLS = ['Bash', 'exec_command', 'shell_command', 'shell', 'bash', 'run_shell_command'];

type AgentIntent =
  | { kind: 'shell'; command: string }
  | { kind: 'read'; path: string }
  | { kind: 'write'; path: string; content: string };

const FILE = String.raw`[\w~./-]*\w\.\w+|[\w~.-]*\/[\w./-]+`;
const WRITE = new RegExp(
  String.raw`\b(?:write|create|make|add)\b\s+(?:a\s+)?(?:new\s+)?(?:file\s+)?(?:named\s+|called\s+)?[\x60'"]?(${FILE})[\x60'"]?\s+(?:with|containing|that says|saying)\s+(?:the\s+)?(?:contents?|text)?\s*:?\s*([\s\S]+)$`,
  'i',
);
const READ = new RegExp(String.raw`\b(?:open|read|show|cat|display|print|view)\b.*?[\x60'"]?(${FILE})[\x60'"]?`, 'i');

function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'\x60])([\s\S]*)\1[.!]?$/.exec(trimmed);
  return quoted ? (quoted[2] as string) : trimmed.replace(/[.!]$/, '');
}

/** What the request asks of an agent, read from the request alone; undefined when nothing fits. */
function agentIntentOf(said: string): AgentIntent | undefined {
  const request = withoutSwitch(said);
  const write = WRITE.exec(request);
  if (write) return { kind: 'write', path: write[1] as string, content: unquote(write[2] as string) };
  const quoted = /\x60([^\x60\n]+)\x60/.exec(request)?.[1]?.trim();
  if (/\b(?:run|execute)\b/i.test(request)) {
    const said = /\b(?:run|execute)\s+(?:the\s+)?(?:command\s+|shell command\s+)?(.+)$/i.exec(request)?.[1];
    const command = quoted ?? (said === undefined ? undefined : unquote(said.split('\n')[0] as string));
    return command ? { kind: 'shell', command } : undefined;
  }
  const read = READ.exec(request);
  if (read) return { kind: 'read', path: read[1] as string };
  if (quoted) return { kind: 'shell', command: quoted };
  const list = /\blist\b.*\bfiles\b(?:\s+in\s+[\x60'"]?([\w~./-]+)[\x60'"]?)?/i.exec(request);
  if (list) return { kind: 'shell', command: list[1] ? `ls ${list[1].replace(/[.]$/, '')}` : 'ls' };
  return undefined;
}

/** The offered shell tool, when the tools are an agent client's. */
function shellToolOf(toolNames: string[]): string | undefined {
  return SHELL_TOOLS.find((name) => toolNames.includes(name));
}

function typeOf(schema: unknown): unknown {
  return schema !== null && typeof schema === 'object' ? (schema as Properties).type : undefined;
}

/** A shell call in the tool's own shape: a command string, or argv (Codex's `shell` takes `["bash", "-lc", …]`). */
function shellCall(name: string, command: string, schemas: AgentContext['schemas']): ReplayCall {
  const properties = schemas.get(name);
  const key = properties
    ? (['command', 'cmd'].find((k) => Object.hasOwn(properties, k)) ?? 'command')
    : name === 'exec_command'
      ? 'cmd'
      : 'command';
  const argv = properties ? typeOf(properties[key]) === 'array' : name === 'shell';
  const args: Properties = { [key]: argv ? ['bash', '-lc', command] : command };
  // Claude Code's Bash asks for a short description of the command.
  if (properties && Object.hasOwn(properties, 'description')) args.description = `Run ${command}`.slice(0, 60);
  return { name, arguments: args };
}

function absolute(path: string, cwd: string | undefined): string {
  if (path.startsWith('/') || path.startsWith('~') || cwd === undefined) return path;
  return `${cwd.replace(/\/+$/, '')}/${path.replace(/^\.\//, '')}`;
}

/** The patch Codex's freeform `apply_patch` tool takes to add a file. */
function addFilePatch(path: string, content: string): string {
  const lines = content.split('\n').map((line) => `+${line}`);
  return `*** Begin Patch\n*** Add File: ${path}\n${lines.join('\n')}\n*** End Patch`;
}

function callFor(intent: AgentIntent, shell: string, context: AgentContext): ReplayCall {
  const has = (name: string) => context.toolNames.includes(name);
  switch (intent.kind) {
    case 'shell':
      return shellCall(shell, intent.command, context.schemas);
    case 'read':
      if (has('Read')) return { name: 'Read', arguments: { file_path: absolute(intent.path, context.cwd) } };
      return shellCall(shell, `cat ${intent.path}`, context.schemas);
    case 'write':
      if (has('Write')) {
        return { name: 'Write', arguments: { file_path: absolute(intent.path, context.cwd), content: intent.content } };
      }
      if (has('apply_patch'))
        return { name: 'apply_patch', arguments: { input: addFilePatch(intent.path, intent.content) } };
      return shellCall(shell, `cat > ${intent.path} <<'EOF'\n${intent.content}\nEOF`, context.schemas);
  }
}

/**
 * The tag pair a format wraps a result in (Hermes `<tool_response>`), or a
 * client does (Gemini CLI's `<untrusted_context>`), which is no part of the output.
 */
const WRAPPER = /^\s*<([\w|:-]+)>\n?([\s\S]*?)\n?<\/\1>\s*$/;

/** The text inside every tag pair wrapped around all of it, outermost first. */
function unwrapped(text: string): string {
  let inner = text;
  for (let found = WRAPPER.exec(inner); found; found = WRAPPER.exec(inner)) inner = found[2] as string;
  return inner;
}

/** A result as the answer quotes it: text as it is, anything else as JSON; long output cut. */
function quoted(result: unknown): string {
  const raw = result === undefined ? '' : typeof result === 'string' ? result : JSON.stringify(result);
  const text = withoutClientFraming(unwrapped(raw)).trimEnd();
  const shown = text.split('\n').slice(0, 40).join('\n').slice(0, 2000);
  const cut = shown.length < text.length ? '\n…' : '';
  return shown === '' ? '(no output)' : `${shown}${cut}`;
}

/** A denied or failed call comes back as {"error": …} (Claude Code's permission refusals among them). */
function errorOf(result: unknown): string | undefined {
  const error = result !== null && typeof result === 'object' ? (result as Properties).error : undefined;
  return typeof error === 'string' ? error : undefined;
}

function answerFor(intent: AgentIntent, results: unknown[]): string {
  const error = errorOf(results[0]);
  const what = intent.kind === 'shell' ? `run \`${intent.command}\`` : `${intent.kind} ${intent.path}`;
  if (error !== undefined) return `I could not ${what}: ${error}`;
  const output = `\n\n\`\`\`\n${quoted(results[0])}\n\`\`\``;
  switch (intent.kind) {
    case 'shell':
      return `I ran \`${intent.command}\`. The output:${output}`;
    case 'read':
      return `Here is ${intent.path}:${output}`;
    case 'write':
      return `I created ${intent.path}. The tool answered:${output}`;
  }
}

const HELP =
  "I'm toolshim's offline sample model (scripted replies, no real model), so I can't answer that. With your tools I can run a command (run `ls`), read a file (read README.md) or create one (create a file hello.txt with Hello).";

/**
 * The agent turn, or undefined when the tools are no agent's or the request
 * is one of the general scripts' (weather, calculation, an explicit malformed
 * call), which then answer it. `chat` says what the sample model can do.
 */
export function agentTurn(context: AgentContext, generalIntent: string): ReplayTurn | undefined {
  const shell = shellToolOf(context.toolNames);
  // An explicit request for the malformed call (or any general script) is the general scripts' to play.
  if (shell === undefined || generalIntent === 'malformed') return undefined;
  const intent = agentIntentOf(context.request);
  if (intent === undefined) return generalIntent === 'chat' ? { before: HELP } : undefined;
  if (context.step > 0) return { before: answerFor(intent, context.results) };
  return { calls: [callFor(intent, shell, context)] };
}
