/**
 * One tool call as a card: its name, what it is doing in words, its
 * arguments and result, and Approve / Deny when it waits for the user.
 */
import type { UIMessage } from 'ai';
import { CANCELLED } from './approvals.ts';
import { JsonView } from './json-view.tsx';

type Part = UIMessage['parts'][number];
export type ToolPart = Extract<Part, { toolCallId: string }>;
export type Respond = (approvalId: string, approved: boolean) => void;

/** The AI SDK's tool states, as a person would say them. */
const LABELS: Record<ToolPart['state'], string> = {
  'input-streaming': 'Writing arguments',
  'input-available': 'Running',
  'approval-requested': 'Waiting for approval',
  'approval-responded': 'Approved',
  'output-available': 'Done',
  'output-error': 'Failed',
  'output-denied': 'Denied',
};

/** The label; `live` is false once the reply that holds the call has ended (stopped, or cut off). */
function stateLabel(part: ToolPart, live: boolean): string {
  if (part.state === 'output-denied' && part.approval.reason === CANCELLED) return 'Cancelled';
  if (part.state === 'approval-responded' && !part.approval.approved) return 'Denied';
  if (!live && (part.state === 'input-streaming' || part.state === 'input-available')) return 'Stopped';
  return LABELS[part.state];
}

/** A short class for the label's colour. */
function tone(label: string): string {
  if (label === 'Done' || label === 'Approved') return 'ok';
  if (label === 'Failed' || label === 'Denied') return 'bad';
  if (label === 'Waiting for approval') return 'ask';
  return label === 'Cancelled' || label === 'Stopped' ? 'off' : 'busy';
}

export function ToolCard({
  part,
  step,
  live,
  respond,
}: {
  part: ToolPart;
  step: number;
  live: boolean;
  respond: Respond;
}) {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  const label = stateLabel(part, live);
  return (
    <section className="tool" data-part="tool" data-tool={name} data-state={part.state} data-step={step}>
      <header>
        <span className="tool-name">{name}</span>
        <span className={`badge ${tone(label)}`} data-testid="tool-state">
          {label}
        </span>
      </header>
      <JsonView label="Arguments" value={part.input} testId="tool-input" />
      {part.state === 'approval-requested' ? (
        <div className="approval">
          <p>Run {name} with these arguments?</p>
          <button type="button" className="primary" onClick={() => respond(part.approval.id, true)}>
            Approve
          </button>
          <button type="button" onClick={() => respond(part.approval.id, false)}>
            Deny
          </button>
        </div>
      ) : null}
      {part.state === 'output-available' ? <JsonView label="Result" value={part.output} testId="tool-output" /> : null}
      {part.state === 'output-error' ? <p className="error">{part.errorText}</p> : null}
      {part.state === 'output-denied' ? (
        <p className="muted" data-testid="tool-denied">
          Not run{part.approval.reason ? `: ${part.approval.reason}` : ''}.
        </p>
      ) : null}
    </section>
  );
}
