/**
 * One chat message: text, thinking as a collapsible block, and tool calls
 * as cards. A `step-start` part (the AI SDK's marker between model calls in
 * one reply) draws nothing; cards carry their step number instead.
 */
import type { UIMessage } from 'ai';
import { type Respond, ToolCard, type ToolPart } from './tool-card.tsx';

type Part = UIMessage['parts'][number];

function Reasoning({ part }: { part: Extract<Part, { type: 'reasoning' }> }) {
  const streaming = part.state === 'streaming';
  return (
    <details className="reasoning" data-part="reasoning" open>
      <summary>{streaming ? 'Thinking…' : 'Thought'}</summary>
      <div className="reasoning-text">{part.text}</div>
    </details>
  );
}

export function MessageView({ message, live, respond }: { message: UIMessage; live: boolean; respond: Respond }) {
  let step = 0;
  return (
    <article className={`message ${message.role}`} data-role={message.role}>
      {message.parts.map((part, i) => {
        if (part.type === 'step-start') {
          step++;
          return null;
        }
        // biome-ignore-start lint/suspicious/noArrayIndexKey: parts have no id and never move.
        if (part.type === 'text') {
          return (
            <p key={i} className="text" data-part="text">
              {part.text}
            </p>
          );
        }
        if (part.type === 'reasoning') return <Reasoning key={i} part={part} />;
        if ('toolCallId' in part) {
          return <ToolCard key={i} part={part as ToolPart} step={step} live={live} respond={respond} />;
        }
        // biome-ignore-end lint/suspicious/noArrayIndexKey: parts have no id and never move.
        return null;
      })}
    </article>
  );
}
