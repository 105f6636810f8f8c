/**
 * A long session, scripted: the model prints three large chunks of text with
 * the shell, one call each, so the conversation grows by a chunk per turn
 * until it no longer fits the scripted upstream's context. The client must
 * then compact: it asks the model for a summary (each client's own
 * summarisation prompt, recognised by its words), carries that summary into
 * the next request, and the model's answer to that request ends the session.
 */

import { vocabularies } from './scenarios.ts';
import { idle, type Recorded, type Reply, type Script, type ScriptedUpstream, type Turn } from './upstream.ts';

export type LongClient = 'claude' | 'codex';

/** The last message of each client's compaction request (Claude Code 2.1.328, Codex 0.169.0, as they sent them). */
const COMPACTION_PROMPT: Record<LongClient, string> = {
  claude: 'Your task is to create a detailed summary of the conversation so far',
  codex: 'You are performing a CONTEXT CHECKPOINT COMPACTION',
};

/** A word only the scripted summary holds: a later request that carries it was built from the compacted history. */
export const SUMMARY_MARK = 'SCRIPTED-SUMMARY-c7';

/** The scripted answer once the session goes on from the summary. */
export const AFTER_COMPACTION = 'Done: continued from the summary.';

/** The scripted answer if all three chunks fit (the session never compacted). */
const NO_COMPACTION = 'All three chunks fit.';

/**
 * 600 lines of about 35 bytes: Claude Code hands back all 21 KB (about 5,000
 * tokens); Codex keeps its first and last 5 KB or so (about 2,700 tokens).
 */
const LINES = 600;

function lastText(turn: Turn): string {
  return JSON.stringify(turn.messages.at(-1)?.content ?? '');
}

export function isCompaction(client: LongClient, turn: Turn): boolean {
  return lastText(turn).includes(COMPACTION_PROMPT[client]);
}

function chunkCall(client: LongClient, n: number) {
  return vocabularies[client].shell(
    `for i in $(seq 1 ${LINES}); do echo "chunk-${n} line $i of the long session"; done; echo chunk-${n}-end`,
  );
}

/** How many chunks' results the history holds. */
function chunksSeen(turn: Turn): number {
  return [1, 2, 3].filter((n) => turn.prompt.includes(`chunk-${n}-end`)).length;
}

/**
 * The model's side. `refuseThird`: once two chunks are in, the upstream's
 * limit is set to the prompt's size plus half of what the last chunk added,
 * so the request with the third chunk is refused while the compaction
 * request (the history without it, plus the summarisation prompt, about
 * 1,600 tokens for Claude Code) still fits. Relative, because each client's
 * and mode's first prompt has its own size.
 */
export function longScript(client: LongClient, upstream: () => ScriptedUpstream, refuseThird: boolean): Script {
  const shell = vocabularies[client].shell('').name;
  let previous = 0;
  return (turn): Reply => {
    if (isCompaction(client, turn)) {
      return {
        text: `<analysis>Scripted.</analysis>\n<summary>${SUMMARY_MARK}: the chunks so far were printed.</summary>`,
      };
    }
    if (!turn.declares(shell)) return idle(turn);
    if (turn.prompt.includes(SUMMARY_MARK)) return { text: AFTER_COMPACTION };
    const seen = chunksSeen(turn);
    if (seen === 2 && refuseThird) upstream().maxPromptTokens = turn.tokens + Math.ceil((turn.tokens - previous) / 2);
    previous = turn.tokens;
    if (seen < 3) return { text: `Printing chunk ${seen + 1}.`, calls: [chunkCall(client, seen + 1)] };
    return { text: NO_COMPACTION };
  };
}

export interface Story {
  refused: number;
  compaction: number;
  resumed: number;
}

/**
 * Where, in the upstream's requests, the overflow, the compaction and the
 * first request carrying the summary are (-1: none). `resumed` counts only
 * from the compaction on, and only a request that was answered.
 */
export function storyOf(client: LongClient, requests: Recorded[]): Story {
  const refused = requests.findIndex((r) => r.reply === 'overflow');
  const compaction = requests.findIndex((r) => r.reply !== 'overflow' && isCompaction(client, r.turn));
  const resumed = requests.findIndex(
    (r, i) =>
      compaction >= 0 &&
      i > compaction &&
      r.reply !== 'overflow' &&
      !isCompaction(client, r.turn) &&
      r.turn.prompt.includes(SUMMARY_MARK),
  );
  return { refused, compaction, resumed };
}
