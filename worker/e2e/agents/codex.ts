/**
 * Sessions only Codex has. A namespaced call: Codex 0.169 declares its sub-agent tools inside a namespace,
 * `{"type":"namespace","name":"multi_agent_v1","tools":[spawn_agent, wait_agent, …]}`
 * (on by default: no feature flag needed). The scripted model delegates a
 * shell command to a sub-agent with `spawn_agent`, waits for it with
 * `wait_agent`, and reports what the sub-agent said. Codex runs the call
 * only if the proxy hands it back as a function_call in that namespace.
 */
import { LONG, type Scenario, vocabularies } from './scenarios.ts';
import { idle, type Script, type Turn } from './upstream.ts';

const SUBTASK = 'SUBTASK-ns';

function called(turn: Turn, name: string): boolean {
  return turn.messages.some(
    (m) =>
      m.role === 'assistant' &&
      (JSON.stringify(m.content ?? '').includes(name) || (m.tool_calls ?? []).some((c) => c.function.name === name)),
  );
}

/** The sub-agent's id, as spawn_agent's output gives it to the parent. */
function agentId(turn: Turn): string | undefined {
  return /"agent_id"\s*:\s*"([^"]+)"/.exec(turn.prompt)?.[1];
}

const script: Script = (turn) => {
  if (!turn.declares('exec_command')) return idle(turn);
  const shell = vocabularies.codex.shell;
  if (turn.prompt.includes(SUBTASK) && !called(turn, 'spawn_agent')) {
    // The sub-agent's own conversation: its task is the spawn message.
    if (turn.step === 0) return { calls: [shell("echo 'from the sub-agent' > sub.txt && echo sub-$((7*7))")] };
    return { text: turn.prompt.includes('sub-49') ? 'SUB-DONE-49' : 'The sub-agent saw no output.' };
  }
  if (turn.step === 0) {
    return {
      text: 'Delegating.',
      calls: [{ name: 'spawn_agent', arguments: { message: `${SUBTASK}: write sub.txt` } }],
    };
  }
  if (turn.step === 1) {
    const id = agentId(turn);
    return id ? { calls: [{ name: 'wait_agent', arguments: { targets: [id] } }] } : { text: 'No agent id came back.' };
  }
  return {
    text: turn.prompt.includes('SUB-DONE-49') ? 'Done: the sub-agent said SUB-DONE-49.' : 'No word from the sub-agent.',
  };
};

/**
 * A 100 KB argument. Codex has no write tool here (no apply_patch for a model
 * it has no metadata for), and a 100 KB `cmd` fails before it runs: Codex
 * reports "Argument list too long (os error 7)" from 100,000 characters on
 * (60,000 pass), with any sandbox. So the file goes in through `write_stdin`:
 * a command on a terminal that reads exactly that many bytes, then the
 * 100 KB as the `chars` argument.
 */
export function codexLong(): Scenario {
  const shell = vocabularies.codex.shell;
  const bytes = Buffer.byteLength(LONG);
  const script: Script = (turn) => {
    if (!turn.declares('exec_command')) return idle(turn);
    if (turn.step === 0) {
      const cmd = `stty -echo; head -c ${bytes} > long.txt && echo wrote-$((50+50))`;
      return { calls: [{ ...shell(cmd), arguments: { cmd, tty: true, yield_time_ms: 500 } }] };
    }
    if (turn.step === 1) {
      const id = /session ID (\d+)/.exec(turn.prompt)?.[1];
      if (id === undefined) return { text: 'The command did not wait for input.' };
      return {
        calls: [{ name: 'write_stdin', arguments: { session_id: Number(id), chars: LONG, yield_time_ms: 2000 } }],
      };
    }
    return { text: turn.prompt.includes('wrote-100') ? 'Done: long.txt written.' : 'head did not finish.' };
  };
  return {
    name: '100 KB argument',
    prompt: 'Write the long file.',
    script,
    files: { 'long.txt': LONG },
    finalText: 'Done: long.txt written.',
  };
}

export function namespaced(): Scenario {
  return {
    name: 'a namespaced call (multi_agent_v1.spawn_agent)',
    prompt: 'Delegate writing sub.txt to a sub-agent.',
    script,
    files: { 'sub.txt': 'from the sub-agent\n' },
    finalText: 'Done: the sub-agent said SUB-DONE-49.',
  };
}
