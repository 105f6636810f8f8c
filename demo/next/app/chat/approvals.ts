/**
 * Approvals left open when the user moves on. Without this, a note waiting
 * for Approve or Deny stays waiting forever once another message is sent
 * (the AI SDK then leaves that call out of the model's history), and its
 * buttons still look live.
 */
import type { UIMessage } from 'ai';

/** The reason the model reads for a call the user passed over. */
export const CANCELLED = 'cancelled: the user sent a new message instead';

/**
 * `messages` with every call still waiting for approval denied with
 * CANCELLED, so the model is told it did not run and the card says so.
 * Returns the same array when nothing waits.
 */
export function cancelPendingApprovals(messages: UIMessage[]): UIMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    if (!message.parts.some(isPending)) return message;
    changed = true;
    const parts = message.parts.map((part) =>
      isPending(part)
        ? {
            ...part,
            state: 'output-denied' as const,
            approval: { id: part.approval.id, approved: false as const, reason: CANCELLED },
          }
        : part,
    );
    return { ...message, parts } as UIMessage;
  });
  return changed ? next : messages;
}

type Part = UIMessage['parts'][number];

function isPending(part: Part): part is Extract<Part, { state: 'approval-requested' }> {
  return 'state' in part && part.state === 'approval-requested';
}
