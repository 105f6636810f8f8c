'use client';
/**
 * The chat page: `useChat` from @ai-sdk/react against the route in
 * api/chat/route.ts. Tool calls stream in as cards (chat/tool-card.tsx),
 * thinking as a collapsible block, a tool that needs approval waits for
 * Approve or Deny on its card, and Stop ends a reply.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { type FormEvent, useRef, useState } from 'react';
import { cancelPendingApprovals } from './chat/approvals.ts';
import { MessageView } from './chat/message-view.tsx';
import { useStickToBottom } from './chat/use-stick-to-bottom.ts';
import { type Settings, SettingsBar } from './settings-bar.tsx';

const EXAMPLES: Array<[label: string, prompt: string]> = [
  ['One call', 'What is the weather in Seoul?'],
  ['Parallel calls', 'What is the weather in Seoul and Tokyo?'],
  ['Multi-step', 'Check the weather in Paris and note it'],
  ['Thinking', 'Think first: what is the weather in Lisbon?'],
  ['Approval', 'Remember to buy milk'],
  ['Big argument', 'Write a 300 KB file'],
];

export default function Chat() {
  const [settings, setSettings] = useState<Settings>({ reasoning: '', grouping: true, delayMs: 15 });
  const current = useRef(settings);
  current.current = settings;
  const [draft, setDraft] = useState('');
  const [transport] = useState(
    () =>
      new DefaultChatTransport({
        api: '/api/chat',
        // Read at each request, so a change applies to the next message.
        body: () => ({ ...current.current, reasoning: current.current.reasoning || undefined }),
      }),
  );
  const { messages, setMessages, sendMessage, addToolApprovalResponse, stop, status, error } = useChat({
    transport,
    // After Approve or Deny, the loop goes on by itself.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const busy = status === 'submitted' || status === 'streaming';
  const list = useRef<HTMLDivElement>(null);
  const { stuck, jump } = useStickToBottom(list, messages);

  const respond = (id: string, approved: boolean) =>
    void addToolApprovalResponse({ id, approved, ...(approved ? {} : { reason: 'the user said no' }) });

  function send(text: string) {
    if (text.trim() === '' || busy) return;
    // A call still waiting for Approve or Deny is cancelled: the user moved on.
    setMessages(cancelPendingApprovals(messages));
    void sendMessage({ text });
    setDraft('');
    jump();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send(draft);
  }

  return (
    <main>
      <header className="top">
        <h1>toolshim + Next.js</h1>
        <p className="intro">
          A model without tool calling, given tools by toolshim in a route handler, read by <code>useChat</code>.
          Offline, on a scripted sample model.
        </p>
        <SettingsBar settings={settings} onChange={setSettings} />
      </header>
      <div className="messages" ref={list} data-testid="messages" data-status={status}>
        {messages.length === 0 ? (
          <p className="empty">Pick an example below or ask about the weather.</p>
        ) : (
          messages.map((message, i) => (
            <MessageView
              key={message.id}
              message={message}
              live={busy && i === messages.length - 1}
              respond={respond}
            />
          ))
        )}
        {error ? <p className="error">{error.message}</p> : null}
      </div>
      <footer className="composer">
        {stuck ? null : (
          <button type="button" className="jump" onClick={jump}>
            ↓ Jump to latest
          </button>
        )}
        <div className="examples">
          {EXAMPLES.map(([label, prompt]) => (
            <button key={label} type="button" className="chip" disabled={busy} onClick={() => send(prompt)}>
              {label}
            </button>
          ))}
        </div>
        <form onSubmit={submit}>
          <input
            aria-label="Message"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Ask about the weather…"
          />
          {busy ? (
            <button type="button" className="stop" onClick={() => void stop()}>
              Stop
            </button>
          ) : (
            <button type="submit" className="primary">
              Send
            </button>
          )}
        </form>
      </footer>
    </main>
  );
}
