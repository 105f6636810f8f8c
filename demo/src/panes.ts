/** The three panes: conversation, raw model stream, parsed-events timeline. Plain DOM. */
import type { ProtocolId } from './protocols.ts';
import { segmentRaw } from './protocols.ts';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Keeps a pane scrolled to the bottom while new content arrives, unless the reader scrolled up. */
function follow(pane: HTMLElement, update: () => void): void {
  const atBottom = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 40;
  update();
  if (atBottom) pane.scrollTop = pane.scrollHeight;
}

export function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** One-line JSON with a space after `,` and `:` (so it wraps between values); the events pane shows it pretty. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spaced(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

function compact(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return spaced(JSON.parse(value));
    } catch {
      return value;
    }
  }
  return spaced(value);
}

export class ConversationPane {
  private text: HTMLElement | undefined;
  private thinking: HTMLElement | undefined;
  private cards = new Map<string, HTMLElement>();
  private root: HTMLElement;
  constructor(root: HTMLElement) {
    this.root = root;
    this.clear();
  }
  clear(): void {
    this.root.replaceChildren(el('p', 'empty', 'Send a message to start. Tool calls and results appear here.'));
    this.cards.clear();
    this.text = undefined;
  }
  user(text: string): void {
    this.root.querySelector('.empty')?.remove();
    follow(this.root, () => this.root.append(el('p', 'msg user', text)));
    this.text = undefined;
  }
  appendText(delta: string): void {
    follow(this.root, () => {
      if (!this.text) {
        this.text = el('p', 'msg assistant');
        this.text.dataset.role = 'assistant-text';
        this.root.append(this.text);
      }
      this.text.textContent += delta;
    });
  }
  endText(): void {
    this.text = undefined;
  }
  /** The model's thinking, streamed into a collapsible block (open while it streams). */
  appendThinking(delta: string): void {
    follow(this.root, () => {
      if (!this.thinking) {
        const block = el('details', 'thinking');
        block.open = true;
        block.dataset.role = 'thinking';
        block.append(el('summary', '', 'Thinking'), el('div', 'thinking-text'));
        this.root.append(block);
        this.thinking = block;
        this.text = undefined;
      }
      const body = this.thinking.querySelector('.thinking-text');
      if (body) body.textContent += delta;
    });
  }
  /** The thinking block is over: it folds away, one click opens it again. */
  endThinking(): void {
    if (this.thinking instanceof HTMLDetailsElement) this.thinking.open = false;
    this.thinking = undefined;
  }
  toolCall(id: string, toolName: string, input: unknown): void {
    this.text = undefined;
    follow(this.root, () => {
      const card = el('div', 'tool-card');
      card.dataset.role = 'tool-call';
      card.dataset.tool = toolName;
      const head = el('div', 'tool-head');
      head.append(el('span', 'tool-tag', 'tool call'), el('code', '', `${toolName}(${compact(input)})`));
      card.append(head);
      this.cards.set(id, card);
      this.root.append(card);
    });
  }
  toolResult(id: string, output: unknown, isError = false): void {
    const card = this.cards.get(id);
    if (!card) return;
    follow(this.root, () => {
      const result = el('pre', isError ? 'inline-error' : 'result', `${isError ? 'failed: ' : '→ '}${compact(output)}`);
      result.dataset.role = isError ? 'tool-error' : 'tool-result';
      card.append(result);
    });
  }
  /** An error where it happened; `source` says who reported it (toolshim's onError, or the AI SDK). */
  error(message: string, source = 'toolshim'): void {
    this.text = undefined;
    follow(this.root, () => {
      const note = el('p', 'inline-error');
      note.append(el('strong', '', `${source}: `), message);
      note.dataset.role = 'error';
      note.setAttribute('role', 'alert');
      this.root.append(note);
    });
  }
}

export class RawPane {
  private current: { pre: HTMLElement; text: string; bareJson: boolean } | undefined;
  private frame = 0;
  private steps = 0;
  private root: HTMLElement;
  private settings: () => { protocol: ProtocolId; toolNames: string[] };
  constructor(root: HTMLElement, settings: () => { protocol: ProtocolId; toolNames: string[] }) {
    this.root = root;
    this.settings = settings;
    this.clear();
  }
  clear(): void {
    this.root.replaceChildren(
      el('p', 'empty', 'The model’s text appears here as it streams, before toolshim parses it.'),
    );
    this.current = undefined;
    this.steps = 0;
  }
  /** A note about the run (one at a time), e.g. that the model text stays in the Worker. */
  note(text: string): void {
    this.root.querySelector('.empty')?.remove();
    this.clearNote();
    const note = el('p', 'hint', text);
    note.dataset.role = 'raw-note';
    this.root.append(note);
  }
  clearNote(): void {
    this.root.querySelector('[data-role="raw-note"]')?.remove();
  }
  /** A new model request (a step of the loop). `bareJson`: a forced tool choice, answered as JSON. */
  newStep(bareJson: boolean): void {
    this.flush(true);
    this.root.querySelector('.empty')?.remove();
    this.steps++;
    const section = el('section', 'raw-step');
    const pre = el('pre');
    pre.dataset.role = 'raw-text';
    section.append(el('h3', '', `Model request ${this.steps}`), pre);
    this.root.append(section);
    this.current = { pre, text: '', bareJson };
  }
  append(delta: string): void {
    if (!this.current) this.newStep(false);
    (this.current as { text: string }).text += delta;
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.flush());
  }
  /**
   * Re-renders the current step with its tool-call segments marked. `ended`:
   * the model's answer is complete, so a call that ends with the output (the
   * bare formats have no closing marker) is marked as complete.
   */
  flush(ended = false): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    const current = this.current;
    if (!current) return;
    const { protocol, toolNames } = this.settings();
    follow(this.root, () => {
      const nodes = segmentRaw(current.text, protocol, toolNames, current.bareJson, ended).map((segment) => {
        if (segment.reasoning) {
          const span = el('span', 'thinking-raw', segment.text);
          span.title = 'thinking (a reasoning part, never parsed for calls)';
          return span;
        }
        if (!segment.call) return document.createTextNode(segment.text);
        const mark = el('mark', segment.call === 'open' ? 'call open' : 'call', segment.text);
        mark.title = segment.call === 'open' ? 'tool call, still streaming' : 'tool call';
        return mark;
      });
      current.pre.replaceChildren(...nodes);
    });
  }
}

interface ArgsEntry {
  pre: HTMLElement;
  count: HTMLElement;
  deltas: number;
}

export class EventsPane {
  private t0 = performance.now();
  private args = new Map<string, ArgsEntry>();
  private texts = new Map<string, HTMLElement>();
  private reasoning = new Map<string, { item: HTMLElement; pre: HTMLElement }>();
  /** Calls announced in this step and not yet completed, by id. */
  private started = new Map<string, string>();
  private root: HTMLElement;
  constructor(root: HTMLElement) {
    this.root = root;
    this.clear();
  }
  clear(): void {
    this.root.replaceChildren();
    this.args.clear();
    this.texts.clear();
    this.reasoning.clear();
    this.started.clear();
  }
  start(): void {
    this.t0 = performance.now();
  }
  add(type: string, detail: string, body?: string): HTMLElement {
    const item = el('li', 'event');
    item.dataset.event = type;
    const ms = performance.now() - this.t0;
    const time = el('time', '', `+${(ms / 1000).toFixed(2)}s`);
    time.dateTime = `PT${(ms / 1000).toFixed(3)}S`;
    item.append(time, el('span', 'badge', type), el('span', 'detail', detail));
    if (body !== undefined) item.append(el('pre', '', body));
    follow(this.root, () => this.root.append(item));
    return item;
  }
  toolInputStart(id: string, toolName: string): void {
    this.add('tool-input-start', `${toolName} · ${id.slice(0, 12)}`);
    this.started.set(id, toolName);
  }
  /** The argument box appears with the first delta, so a call with none shows no empty box. */
  private argsEntry(id: string): ArgsEntry {
    let entry = this.args.get(id);
    if (entry === undefined) {
      const item = this.add('tool-input-delta', '', '');
      item.dataset.callId = id;
      const pre = item.querySelector('pre') as HTMLElement;
      pre.dataset.role = 'args';
      entry = { pre, count: item.querySelector('.detail') as HTMLElement, deltas: 0 };
      this.args.set(id, entry);
    }
    return entry;
  }
  /** A call that completed (its `tool-call` part arrived). */
  toolCallDone(id: string): void {
    this.started.delete(id);
  }
  /**
   * At the end of a step, calls that started but never completed were aborted
   * by the parser (their text is kept as text): each is marked, with the reason.
   */
  markAborted(reason: string | undefined): void {
    for (const [id, toolName] of this.started) {
      // onError messages end with a full stop already.
      const why = (reason ?? 'the call was malformed').replace(/[.\s]+$/, '');
      const item = this.add(
        'tool-call-aborted',
        `${toolName} · ${id.slice(0, 12)}: no call was made; ${why}. Its text is kept as text.`,
      );
      item.classList.add('aborted');
    }
    this.started.clear();
  }
  toolInputDelta(id: string, delta: string): void {
    if (delta === '') return;
    const entry = this.argsEntry(id);
    entry.deltas++;
    entry.count.textContent = `arguments so far (${entry.deltas} delta${entry.deltas === 1 ? '' : 's'})`;
    follow(this.root, () => {
      entry.pre.textContent += delta;
    });
  }
  /** The thinking, in its own row from its first delta on (not only once it ends), streamed like text. */
  reasoningDelta(id: string, delta: string): void {
    let entry = this.reasoning.get(id);
    if (entry === undefined) {
      const item = this.add('reasoning', 'thinking, kept apart from the answer (never parsed for calls)', '');
      item.dataset.state = 'streaming';
      entry = { item, pre: item.querySelector('pre') as HTMLElement };
      this.reasoning.set(id, entry);
    }
    const target = entry.pre;
    follow(this.root, () => {
      target.textContent += delta;
    });
  }
  reasoningEnd(id: string): void {
    const entry = this.reasoning.get(id);
    if (entry !== undefined) entry.item.dataset.state = 'done';
  }
  textDelta(id: string, delta: string): void {
    let pre = this.texts.get(id);
    if (!pre) {
      const item = this.add('text', 'text outside tool calls', '');
      pre = item.querySelector('pre') as HTMLElement;
      this.texts.set(id, pre);
    }
    const target = pre;
    follow(this.root, () => {
      target.textContent += delta;
    });
  }
}
