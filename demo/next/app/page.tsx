'use client';
/**
 * The chat page: `useChat` from @ai-sdk/react against the edge route in
 * api/chat/route.ts. Tool calls stream in as parts (their input while the
 * model writes it), thinking shows as a collapsible block, and a tool that
 * needs approval waits for Approve or Deny.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { type FormEvent, useRef, useState } from 'react';

const EXAMPLES: Array<[label: string, prompt: string]> = [
  ['One call', 'What is the weather in Seoul?'],
  ['Parallel calls', 'What is the weather in Seoul and Tokyo?'],
  ['Multi-step', 'Check the weather in Paris and note it'],
  ['Thinking', 'Think first: what is the weather in Lisbon?'],
  ['Approval', 'Remember to buy milk'],
  ['Big argument', 'Write a 300 KB file'],
];

interface Settings {
  reasoning: '' | 'none' | 'low' | 'medium' | 'high';
  grouping: boolean;
  delayMs: number;
}

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }>;

/** A tool's input as a line: a big `content` is summarised by its length, not rendered. */
function inputSummary(input: unknown): string {
  if (input === undefined) return '';
  const { content, ...rest } = input as { content?: unknown };
  const head = JSON.stringify(rest);
  return typeof content === 'string' ? `${head} + content: ${content.length.toLocaleString('en-US')} characters` : head;
}

function ToolCall({ part, respond }: { part: ToolPart; respond: (id: string, approved: boolean) => void }) {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  const input = (part as { input?: unknown }).input;
  const approvalId = (part as { approval?: { id: string } }).approval?.id;
  return (
    <div className="tool" data-part="tool" data-tool={name} data-state={part.state}>
      <div>
        <b>{name}</b> <span className="state">{part.state}</span>
      </div>
      <code data-testid="tool-input">{inputSummary(input)}</code>
      {part.state === 'approval-requested' && approvalId !== undefined ? (
        <div className="approval">
          <button type="button" onClick={() => respond(approvalId, true)}>
            Approve
          </button>
          <button type="button" onClick={() => respond(approvalId, false)}>
            Deny
          </button>
        </div>
      ) : null}
      {part.state === 'output-available' ? (
        <code data-testid="tool-output">{JSON.stringify((part as { output?: unknown }).output)}</code>
      ) : null}
      {part.state === 'output-error' ? (
        <code className="error">{(part as { errorText?: string }).errorText}</code>
      ) : null}
      {part.state === 'output-denied' ? <code className="error">denied</code> : null}
    </div>
  );
}

function MessagePart({ part, respond }: { part: Part; respond: (id: string, approved: boolean) => void }) {
  if (part.type === 'text') return <p data-part="text">{part.text}</p>;
  if (part.type === 'reasoning') {
    return (
      <details open data-part="reasoning">
        <summary>Thinking</summary>
        <pre>{part.text}</pre>
      </details>
    );
  }
  if (part.type === 'step-start') return <hr />;
  if ('toolCallId' in part) return <ToolCall part={part as ToolPart} respond={respond} />;
  return null;
}

export default function Chat() {
  const [settings, setSettings] = useState<Settings>({ reasoning: '', grouping: true, delayMs: 15 });
  const current = useRef(settings);
  current.current = settings;
  const [draft, setDraft] = useState('');
  const [transport] = useState(
    () =>
      new DefaultChatTransport({
        api: '/api/chat',
        body: () => ({ ...current.current, reasoning: current.current.reasoning || undefined }),
      }),
  );
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    transport,
    // After Approve or Deny, the loop goes on by itself.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const busy = status === 'submitted' || status === 'streaming';
  const respond = (id: string, approved: boolean) =>
    void addToolApprovalResponse({ id, approved, ...(approved ? {} : { reason: 'the user said no' }) });

  function send(text: string) {
    if (text.trim() === '' || busy) return;
    void sendMessage({ text });
    setDraft('');
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send(draft);
  }

  return (
    <main>
      <h1>toolshim + Next.js</h1>
      <p className="intro">
        A model without tool calling, wrapped with toolshim in an edge route, read by <code>useChat</code>. Offline by
        default: a scripted sample model (no weights) writes the Hermes format.
      </p>
      <div className="settings">
        <label>
          Reasoning{' '}
          <select
            data-testid="reasoning"
            value={settings.reasoning}
            onChange={(e) => setSettings({ ...settings, reasoning: e.target.value as Settings['reasoning'] })}
          >
            <option value="">provider default</option>
            <option value="none">none</option>
            <option value="low">low</option>
            <option value="medium">medium</option>
            <option value="high">high</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="grouping"
            checked={settings.grouping}
            onChange={(e) => setSettings({ ...settings, grouping: e.target.checked })}
          />{' '}
          Group tool-input deltas
        </label>
        <label>
          Pace{' '}
          <select
            data-testid="pace"
            value={settings.delayMs}
            onChange={(e) => setSettings({ ...settings, delayMs: Number(e.target.value) })}
          >
            <option value={15}>readable (15 ms a token)</option>
            <option value={0}>as fast as it goes</option>
          </select>
        </label>
      </div>
      <div className="examples">
        {EXAMPLES.map(([label, prompt]) => (
          <button key={label} type="button" disabled={busy} onClick={() => send(prompt)}>
            {label}
          </button>
        ))}
      </div>
      <div className="messages" data-testid="messages" data-status={status}>
        {messages.map((message) => (
          <div key={message.id} className={`message ${message.role}`} data-role={message.role}>
            {message.parts.map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id and never move.
              <MessagePart key={i} part={part} respond={respond} />
            ))}
          </div>
        ))}
      </div>
      {error ? <p className="error">{error.message}</p> : null}
      <form onSubmit={submit}>
        <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Ask about the weather…" />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
    </main>
  );
}
