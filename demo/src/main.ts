/**
 * The demo page: settings, the chat loop (AI SDK `streamText` with tools run
 * in the browser and `stopWhen`), and the three panes fed from its stream.
 */
import { type ModelMessage, stepCountIs, streamText, type ToolChoice } from 'ai';
import { checkWebGpu, WEBLLM_MODELS } from 'toolshim/engines';
import { buildModel, type EngineId, hasBuiltInModel, loadWebLLM, webllmLoaded } from './engines.ts';
import { ConversationPane, EventsPane, RawPane } from './panes.ts';
import { type ProtocolId, protocolIdOf, protocols } from './protocols.ts';
import { createErrorQueue, describeError, showPart, sourceOf } from './show-part.ts';
import { type DemoToolName, demoTools, toolNames } from './tools.ts';

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const ui = {
  engine: byId<HTMLSelectElement>('engine'),
  protocol: byId<HTMLSelectElement>('protocol'),
  toolChoice: byId<HTMLSelectElement>('tool-choice'),
  pace: byId<HTMLSelectElement>('pace'),
  webllmModel: byId<HTMLSelectElement>('webllm-model'),
  webllmLoad: byId<HTMLButtonElement>('webllm-load'),
  webllmProgress: byId<HTMLProgressElement>('webllm-progress'),
  webllmMessage: byId<HTMLElement>('webllm-message'),
  proxyUrl: byId<HTMLInputElement>('proxy-url'),
  proxyMode: byId<HTMLSelectElement>('proxy-mode'),
  proxyMessage: byId<HTMLElement>('proxy-message'),
  form: byId<HTMLFormElement>('chat-form'),
  prompt: byId<HTMLInputElement>('prompt'),
  send: byId<HTMLButtonElement>('send'),
  stop: byId<HTMLButtonElement>('stop'),
  clear: byId<HTMLButtonElement>('clear'),
  status: byId<HTMLElement>('status'),
};

for (const p of protocols) ui.protocol.add(new Option(p.id, p.id));
for (const name of toolNames) ui.toolChoice.add(new Option(`tool: ${name}`, `tool:${name}`));
for (const m of WEBLLM_MODELS) ui.webllmModel.add(new Option(m.label, m.id));

// Settings from the URL, so a setup can be linked (and the e2e tests can pick a pace).
const params = new URLSearchParams(location.search);
const fromUrl = (select: HTMLSelectElement, key: string) => {
  const value = params.get(key);
  if (value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
};
fromUrl(ui.engine, 'engine');
{
  // Old links name formats by alias (`?protocol=xml`, `qwen3coder`).
  const id = protocolIdOf(params.get('protocol') ?? '');
  if (id !== undefined) ui.protocol.value = id;
}
explainProtocol();
fromUrl(ui.toolChoice, 'toolChoice');

/** One sentence per tool-choice mode, shown beside the control. */
function explainToolChoice(): void {
  const value = ui.toolChoice.value;
  const help = byId('tool-choice-help');
  help.textContent =
    value === 'auto'
      ? 'auto: the model may call a tool or answer in text; toolshim parses whatever it writes.'
      : value === 'required'
        ? 'required: the first reply must be a call to some tool (toolshim asks for one and checks it); later steps are free.'
        : value === 'none'
          ? 'none: the tools are not offered and the text is not parsed for calls.'
          : `${value.slice(5)}: the first reply must call this tool; later steps are free.`;
}
ui.toolChoice.addEventListener('change', explainToolChoice);
explainToolChoice();

/** What the picked format looks like, under the picker. */
function explainProtocol(): void {
  byId('protocol-help').textContent = protocols.find((p) => p.id === ui.protocol.value)?.label ?? '';
}
ui.protocol.addEventListener('change', explainProtocol);
fromUrl(ui.proxyMode, 'proxyMode');
const delayParam = params.get('delay');
if (delayParam !== null && !Number.isNaN(Number(delayParam))) {
  if ([...ui.pace.options].some((o) => o.value === delayParam)) ui.pace.value = delayParam;
  else ui.pace.add(new Option(`${delayParam} ms`, delayParam, true, true));
}
if (params.get('proxyUrl')) ui.proxyUrl.value = params.get('proxyUrl') as string;
if (params.get('prompt')) ui.prompt.value = params.get('prompt') as string;

const conversation = new ConversationPane(byId('conversation'));
const events = new EventsPane(byId('events'));
const raw = new RawPane(byId('raw'), () => ({ protocol: ui.protocol.value as ProtocolId, toolNames }));

let history: ModelMessage[] = [];
let running: AbortController | undefined;

function setStatus(state: 'idle' | 'streaming' | 'done' | 'error', text: string): void {
  ui.status.dataset.state = state;
  ui.status.textContent = text;
}

function selectedToolChoice(): ToolChoice<typeof demoTools> {
  const value = ui.toolChoice.value;
  if (value.startsWith('tool:')) return { type: 'tool', toolName: value.slice(5) as DemoToolName };
  return value as 'auto' | 'required' | 'none';
}

/** The engine whose runs the raw pane shows. */
let shownEngine = ui.engine.value as EngineId;

async function updateEnginePanels(): Promise<void> {
  const engine = ui.engine.value as EngineId;
  for (const node of document.querySelectorAll<HTMLElement>('[data-engine-field]')) {
    node.hidden = node.dataset.engineField !== engine;
  }
  byId('builtin-note').hidden = engine !== 'builtin';
  // The raw text of another engine's runs would read as this one's, and a note about where the
  // last run parsed (the Worker) no longer holds for another engine or mode.
  if (engine !== shownEngine) raw.clear();
  shownEngine = engine;
  raw.clearNote();
  if (engine === 'webllm') {
    const gpu = await checkWebGpu();
    ui.webllmLoad.disabled = !gpu.ok;
    ui.webllmMessage.classList.toggle('error', !gpu.ok);
    ui.webllmMessage.textContent = gpu.ok
      ? webllmLoaded()
        ? `Loaded: ${webllmLoaded()}`
        : 'Pick a model and load it. Weights download once and are cached by the browser.'
      : `${gpu.reason} To try the page without a GPU, pick the Replay engine.`;
  }
  if (engine === 'proxy') {
    const code = (text: string) => Object.assign(document.createElement('code'), { textContent: text });
    if (ui.proxyMode.value === 'worker') {
      ui.proxyMessage.replaceChildren(
        'The Worker receives OpenAI tools and answers with ',
        code('tool_calls'),
        '; its ',
        code('PROTOCOL'),
        ' setting picks the format.',
      );
    } else {
      ui.proxyMessage.replaceChildren(
        'The Worker relays the model text; toolshim parses it here. ',
        code('npm run demo'),
        ' starts the Worker on its offline replay model.',
      );
    }
  }
}

// The built-in model exists only in browsers with the Prompt API and a model; elsewhere the choice is
// disabled and its own label says why (a note under the engine picker would show beside every other engine).
const builtInOption = ui.engine.querySelector<HTMLOptionElement>('option[value="builtin"]');
if (builtInOption) builtInOption.disabled = true;
void hasBuiltInModel().then((available) => {
  if (!builtInOption) return;
  builtInOption.disabled = !available;
  if (available) {
    byId('builtin-note').textContent =
      "Built-in model: the browser's own model, through @browser-ai/core, with toolshim on top.";
  } else {
    builtInOption.textContent = 'Built-in model (not available here)';
    builtInOption.title = 'It needs Chrome or Edge with the Prompt API and its model; this browser has neither.';
  }
});

ui.engine.addEventListener('change', () => void updateEnginePanels());
ui.proxyMode.addEventListener('change', () => void updateEnginePanels());
ui.webllmLoad.addEventListener('click', async () => {
  ui.webllmLoad.disabled = true;
  ui.webllmMessage.classList.remove('error');
  try {
    await loadWebLLM(ui.webllmModel.value, (report) => {
      ui.webllmProgress.value = report.progress;
      ui.webllmMessage.textContent = report.text;
    });
    const suggested = WEBLLM_MODELS.find((m) => m.id === ui.webllmModel.value)?.protocol;
    if (suggested) ui.protocol.value = protocolIdOf(suggested) ?? ui.protocol.value;
    explainProtocol();
    ui.webllmMessage.textContent = `Loaded ${ui.webllmModel.value}.`;
  } catch (error) {
    ui.webllmMessage.classList.add('error');
    ui.webllmMessage.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    ui.webllmLoad.disabled = false;
  }
});

async function send(prompt: string): Promise<void> {
  if (running || prompt.trim() === '') return;
  const controller = new AbortController();
  running = controller;
  ui.send.disabled = true;
  ui.stop.disabled = false;
  const toolChoice = selectedToolChoice();
  const forced = toolChoice === 'required' || typeof toolChoice === 'object';
  let requests = 0;
  let failed = false;
  const errors = createErrorQueue(conversation);

  conversation.user(prompt);
  events.start();
  events.add('user', prompt);
  history.push({ role: 'user', content: prompt });
  setStatus('streaming', 'Streaming…');

  try {
    const { model, parsesInPage } = await buildModel({
      engine: ui.engine.value as EngineId,
      protocol: (
        protocols.find((p) => p.id === ui.protocol.value) ?? (protocols[0] as (typeof protocols)[number])
      ).create(),
      format: ui.protocol.value,
      delayMs: Number(ui.pace.value),
      proxyUrl: ui.proxyUrl.value,
      proxyMode: ui.proxyMode.value as 'browser' | 'worker',
      // toolshim's hook: malformed calls, unknown tools, a forced choice the model ignored.
      onError: (message, meta) => {
        // The raw text stays in the conversation (and the text event); shown once, not here again.
        events.add('error', `${message} [${meta.code}]`);
        errors.add(message, meta.text);
      },
      tap: {
        onRequest: () => raw.newStep(forced && requests++ === 0),
        onDelta: (text) => raw.append(text),
      },
    });
    if (parsesInPage) raw.clearNote();
    else
      raw.note(
        'Tool calling runs in the Worker here: it sends OpenAI tool_calls, so the model text stays server-side.',
      );

    const result = streamText({
      model,
      tools: demoTools,
      messages: history,
      toolChoice,
      // A forced choice applies to the first step only; afterwards the model answers from the results.
      prepareStep: ({ stepNumber }) => (forced && stepNumber > 0 ? { toolChoice: 'auto' } : {}),
      stopWhen: stepCountIs(6),
      abortSignal: controller.signal,
      onError: () => {}, // Errors are shown from the stream's `error` parts below.
    });

    for await (const part of result.fullStream) failed = showPart(part, { events, conversation, errors }) || failed;
    raw.flush(true);
    errors.show();
    if (controller.signal.aborted) {
      setStatus('idle', 'Stopped');
      history.pop();
    } else if (failed) {
      // The error is on the page already; the next message starts from the last good turn.
      history.pop();
      setStatus('error', 'Error');
    } else {
      history.push(...(await result.response).messages);
      setStatus('done', 'Done');
    }
  } catch (error) {
    raw.flush(true);
    history.pop();
    const message = describeError(error);
    events.add('error', message);
    conversation.error(message, sourceOf(error));
    setStatus('error', 'Error');
  } finally {
    running = undefined;
    ui.send.disabled = false;
    ui.stop.disabled = true;
  }
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void send(ui.prompt.value);
});
ui.stop.addEventListener('click', () => running?.abort());
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') running?.abort();
});
ui.clear.addEventListener('click', () => {
  running?.abort();
  history = [];
  conversation.clear();
  raw.clear();
  events.clear();
  setStatus('idle', 'Ready');
  ui.prompt.focus();
});
for (const chip of document.querySelectorAll<HTMLButtonElement>('[data-prompt]')) {
  chip.addEventListener('click', () => {
    ui.prompt.value = chip.dataset.prompt ?? '';
    void send(ui.prompt.value);
  });
}
void updateEnginePanels();
