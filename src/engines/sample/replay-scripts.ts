/**
 * The scripted conversations the replay engine plays back (written for this
 * project; no model wrote them). A script reads the user's request once and
 * answers each step of the loop: step 0 is the first reply, step N the reply
 * after N rounds of tool results.
 */
import type { ReplayCall } from './replay-formats.ts';

/** One model turn: prose, then calls (or a broken call), then more prose. */
export interface ReplayTurn {
  before?: string;
  calls?: ReplayCall[];
  /** Write the first call broken, the way small models sometimes do. */
  malformed?: boolean;
  after?: string;
}

export interface ScriptContext {
  /** The user's request, the last real user message. */
  request: string;
  /** Rounds of tool results since the request. */
  step: number;
  /** The tool results of the latest round, parsed when they are JSON. */
  results: unknown[];
  /** The tools the system prompt offers; empty means no tools (tool choice none). */
  toolNames: string[];
}

const CITIES = ['Seoul', 'Tokyo', 'Paris', 'London', 'New York', 'Berlin', 'Sydney', 'Lisbon', 'San Francisco'];

export function citiesIn(request: string): string[] {
  const found = CITIES.map((city) => ({ city, at: request.toLowerCase().indexOf(city.toLowerCase()) }))
    .filter((c) => c.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.city);
  return found.length > 0 ? found : ['Seoul'];
}

/** Arithmetic said in words ("add 2 and 40", "multiply 6 by 7"), as the expression a calculator takes. */
const WORDED: Array<[RegExp, string]> = [
  [/\b(?:add|sum(?: of)?)\s+(-?\d+(?:\.\d+)?)\s+(?:and|to|with)\s+(-?\d+(?:\.\d+)?)/i, '+'],
  [/\bmultiply\s+(-?\d+(?:\.\d+)?)\s+(?:by|and|with)\s+(-?\d+(?:\.\d+)?)/i, '*'],
  [/\bdivide\s+(-?\d+(?:\.\d+)?)\s+by\s+(-?\d+(?:\.\d+)?)/i, '/'],
];

function wordedExpression(request: string): string | undefined {
  for (const [pattern, operator] of WORDED) {
    const match = pattern.exec(request);
    if (match) return `${match[1]} ${operator} ${match[2]}`;
  }
  const subtract = /\bsubtract\s+(-?\d+(?:\.\d+)?)\s+from\s+(-?\d+(?:\.\d+)?)/i.exec(request);
  return subtract ? `${subtract[2]} - ${subtract[1]}` : undefined;
}

function expressionIn(request: string): string {
  const worded = wordedExpression(request);
  if (worded !== undefined) return worded;
  const match = /[\d(][\d\s+\-*/().^%x×÷]*[\d)]/.exec(request);
  return (match?.[0] ?? '23 * 7').replace(/×|x/g, '*').replace(/÷/g, '/').trim();
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function describeWeather(result: unknown, fallbackCity: string): string {
  const city = field(result, 'city') ?? fallbackCity;
  const temp = field(result, 'temperature');
  const unit = field(result, 'unit') === 'fahrenheit' ? '°F' : '°C';
  const conditions = field(result, 'conditions');
  if (temp === undefined) return `the weather service answered for ${city}: ${JSON.stringify(result)}`;
  return `it is ${temp}${unit} and ${conditions ?? 'mild'} in ${city}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Intents, most specific first. */
export type Intent =
  | 'malformed'
  | 'weather-and-note'
  | 'parallel-weather'
  | 'weather'
  | 'calculate'
  | 'list-notes'
  | 'note'
  | 'write-file'
  | 'chat';

export function intentOf(request: string): Intent {
  const r = request.toLowerCase();
  // Only an explicit ask plays the broken call: the word alone ("my build is broken") is no such request.
  if (/\bmalformed\b|\bbroken (?:tool )?call/.test(r)) return 'malformed';
  if (/\bwrite\b.*\bfile\b/.test(r) && fileSizeIn(request) !== undefined) return 'write-file';
  const weather = /weather|temperature|forecast|umbrella|raining/.test(r);
  if (weather && /\bnote|remember/.test(r)) return 'weather-and-note';
  if (weather && citiesIn(request).length > 1) return 'parallel-weather';
  if (weather) return 'weather';
  if (/calculat|compute|\d\s*[-+*/x×÷^]\s*\d|how much is|what is \d/.test(r) || wordedExpression(r)) return 'calculate';
  if (/(list|show|read|what).*notes/.test(r)) return 'list-notes';
  if (/\bnote|remember/.test(r)) return 'note';
  return 'chat';
}

function noteTextOf(request: string): string {
  const match = /(?:note|remember)(?:\s+(?:that|to|:))?\s*[:-]?\s*(.+)$/i.exec(request.trim());
  return (match?.[1] ?? request).replace(/[.!?]+$/, '').trim() || request;
}

/** The size a request asks a file to have ("write a 300 KB file"), in characters; at most 4 MB. */
export function fileSizeIn(request: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(kb|mb)\b/i.exec(request);
  if (match === null) return undefined;
  const size = Number(match[1]) * ((match[2] as string).toLowerCase() === 'mb' ? 1 << 20 : 1 << 10);
  return Math.min(Math.round(size), 4 << 20);
}

/**
 * Source-like text of exactly `size` characters, for the big-argument script:
 * quotes, backslashes and newlines, so the JSON of the call escapes as a
 * coding agent's file write does.
 */
export function sampleCode(size: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = i % 3 === 0 ? `export function step${i}(input) {` : i % 3 === 1 ? `  return input + "\\n#${i}";` : '}';
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, size);
}

/** Default arguments for a tool the user forced but did not ask about. */
export function defaultCall(name: string, request: string): ReplayCall {
  switch (name) {
    case 'get_weather':
      return { name, arguments: { city: citiesIn(request)[0] as string, unit: 'celsius' } };
    case 'calculator':
      return { name, arguments: { expression: expressionIn(request) } };
    case 'add_note':
      return { name, arguments: { text: noteTextOf(request) } };
    default:
      return { name, arguments: {} };
  }
}

/** The tool each intent's first step calls. */
const NEEDS: Partial<Record<Intent, string>> = {
  'weather-and-note': 'get_weather',
  'parallel-weather': 'get_weather',
  weather: 'get_weather',
  calculate: 'calculator',
  'list-notes': 'list_notes',
  note: 'add_note',
  'write-file': 'write_file',
};

/** The answer without tools: what the model says when tool choice is `none`. */
function withoutTools(intent: Intent, request: string): ReplayTurn {
  switch (intent) {
    case 'weather':
    case 'parallel-weather':
    case 'weather-and-note':
      return {
        before: `I can't check live weather right now, so I can't tell you the current conditions in ${citiesIn(request).join(' or ')}. A weather app or website will have the latest forecast.`,
      };
    case 'calculate':
      return {
        before: `Without the calculator I'd rather not guess: ${expressionIn(request)} is best checked with a calculator.`,
      };
    case 'note':
    case 'list-notes':
      return { before: "I can't reach your notes right now: the notes tools are not available in this chat." };
    case 'write-file':
      return { before: "I can't write files here: the file tool is not available in this chat." };
    default:
      return {
        before:
          "Hi! I'm a small model running in replay mode. Ask me about the weather, a calculation or your notes, and I'll use the tools when they are enabled.",
      };
  }
}

/**
 * A request in parts ("What's the weather in Seoul? Then add 2 and 40"): the
 * parts, when there are several and each asks for a tool; else undefined.
 */
export function partsOf(request: string): string[] | undefined {
  const parts = request
    .split(/(?:[.,;!?]\s*|\s+)(?:and\s+)?then\b[,:]?\s*/i)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < 2) return undefined;
  return parts.every((part) => NEEDS[intentOf(part)] !== undefined) ? parts : undefined;
}

/** How many turns with calls a part takes before its answer. */
function callTurnsOf(part: string, toolNames: string[]): number {
  let step = 0;
  while (step < 5 && scriptTurn({ request: part, step, results: [], toolNames }).calls !== undefined) step++;
  return step;
}

/**
 * Plays the parts one after another: each part's calls, and its answer said
 * in the turn that starts the next part (or at the end), so every turn needs
 * only the results of the latest round.
 */
function sequenceTurn(parts: string[], context: ScriptContext): ReplayTurn {
  let start = 0;
  for (const [i, part] of parts.entries()) {
    const turns = callTurnsOf(part, context.toolNames);
    if (context.step < start + turns) {
      const turn = scriptTurn({ ...context, request: part, step: context.step - start });
      if (context.step > start || i === 0) return turn;
      const previous = parts[i - 1] as string;
      const answer = scriptTurn({ ...context, request: previous, step: callTurnsOf(previous, context.toolNames) });
      return { ...turn, before: `${answer.before ?? ''}\n${turn.before ?? ''}` };
    }
    start += turns;
  }
  const last = parts[parts.length - 1] as string;
  return scriptTurn({ ...context, request: last, step: callTurnsOf(last, context.toolNames) });
}

/** The turn the scripted model writes for this context. */
export function scriptTurn(context: ScriptContext): ReplayTurn {
  const { request, step, results, toolNames } = context;
  const parts = toolNames.length > 0 ? partsOf(request) : undefined;
  if (parts?.every((part) => toolNames.includes(NEEDS[intentOf(part)] as string))) return sequenceTurn(parts, context);
  const intent = intentOf(request);
  const has = (name: string) => toolNames.includes(name);
  if (toolNames.length === 0) return withoutTools(intent, request);
  // A request whose tool is not offered gets the answer without tools, not a call to an unknown tool.
  const needed = NEEDS[intent];
  if (needed !== undefined && !has(needed)) return withoutTools(intent, request);
  const cities = citiesIn(request);
  const first = results[0];

  switch (intent) {
    case 'malformed':
      return {
        before: 'Let me check that for you.\n',
        calls: [
          { name: has('get_weather') ? 'get_weather' : (toolNames[0] as string), arguments: { city: cities[0] } },
        ],
        malformed: true,
      };
    case 'weather-and-note':
      if (step === 0) return { calls: [defaultCall('get_weather', request)] };
      if (step === 1 && has('add_note')) {
        const summary = describeWeather(first, cities[0] as string);
        return {
          before: 'Got it. Saving that as a note.\n',
          calls: [{ name: 'add_note', arguments: { text: capitalize(summary) } }],
        };
      }
      return { before: `Done! I saved a note with today's weather in ${cities[0]}.` };
    case 'parallel-weather':
      if (step === 0) {
        return {
          before: `I'll check ${cities.join(' and ')} at the same time.\n`,
          calls: cities.map((city) => ({ name: 'get_weather', arguments: { city, unit: 'celsius' } })),
        };
      }
      return {
        before: `${results.map((r, i) => capitalize(describeWeather(r, cities[i] ?? 'there'))).join('. ')}.`,
      };
    case 'weather':
      if (step === 0) return { calls: [defaultCall('get_weather', request)] };
      return { before: `${capitalize(describeWeather(first, cities[0] as string))}.` };
    case 'calculate':
      if (step === 0) return { calls: [defaultCall('calculator', request)] };
      return { before: `${expressionIn(request)} = ${String(field(first, 'result') ?? first)}.` };
    case 'list-notes':
      if (step === 0) return { calls: [{ name: 'list_notes', arguments: {} }] };
      {
        const notes = field(first, 'notes');
        if (Array.isArray(notes) && notes.length > 0) {
          return {
            before: `You have ${notes.length} note${notes.length === 1 ? '' : 's'}:\n${notes.map((n) => `- ${String(field(n, 'text') ?? n)}`).join('\n')}`,
          };
        }
        return { before: "You don't have any notes yet." };
      }
    case 'note':
      if (step === 0) return { calls: [defaultCall('add_note', request)] };
      // A denied or failed call comes back as {"error": …}: say so rather than claim the note was saved.
      if (typeof field(first, 'error') === 'string')
        return { before: `I did not save the note: ${field(first, 'error')}` };
      return { before: `Saved: "${noteTextOf(request)}".` };
    case 'write-file': {
      if (step === 0) {
        const content = sampleCode(fileSizeIn(request) ?? 1024);
        return {
          before: 'Writing big.js now.\n',
          calls: [{ name: 'write_file', arguments: { path: 'big.js', content } }],
        };
      }
      const written = field(first, 'characters');
      return {
        before: `Wrote big.js (${typeof written === 'number' ? written.toLocaleString('en-US') : 'all'} characters).`,
      };
    }
    default:
      return withoutTools('chat', request);
  }
}
