/**
 * The demo's tools. They run in the browser: canned weather, a small
 * arithmetic parser (no eval) and an in-memory notes store.
 */
import { jsonSchema, tool } from 'ai';

const WEATHER: Record<string, { temperature: number; conditions: string; humidity: number }> = {
  seoul: { temperature: 18, conditions: 'partly cloudy', humidity: 52 },
  tokyo: { temperature: 22, conditions: 'sunny', humidity: 60 },
  paris: { temperature: 14, conditions: 'light rain', humidity: 81 },
  london: { temperature: 11, conditions: 'overcast', humidity: 77 },
  'new york': { temperature: 16, conditions: 'clear', humidity: 45 },
  berlin: { temperature: 12, conditions: 'windy', humidity: 58 },
  sydney: { temperature: 24, conditions: 'sunny', humidity: 55 },
  lisbon: { temperature: 21, conditions: 'clear', humidity: 49 },
  'san francisco': { temperature: 15, conditions: 'foggy', humidity: 84 },
};

/** Evaluates + - * / ^ % and parentheses by recursive descent; throws with the position on bad input. */
export function evaluate(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?|[-+*/^%()]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const fail = (what: string): never => {
    throw new Error(`Cannot evaluate "${expression}": ${what}.`);
  };
  function primary(): number {
    const token = tokens[i++];
    if (token === undefined) return fail('it ends too early');
    if (token === '(') {
      const value = sum();
      if (tokens[i++] !== ')') fail('a ")" is missing');
      return value;
    }
    if (token === '-') return -primary();
    const value = Number(token);
    return Number.isFinite(value) ? value : fail(`unexpected "${token}"`);
  }
  function power(): number {
    const base = primary();
    if (peek() === '^') {
      i++;
      return base ** power();
    }
    return base;
  }
  function product(): number {
    let value = power();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = tokens[i++];
      const right = power();
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  }
  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-') {
      const op = tokens[i++];
      const right = product();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }
  const value = sum();
  if (i < tokens.length) fail(`unexpected "${tokens[i]}"`);
  return value;
}

export interface Note {
  id: number;
  text: string;
  savedAt: string;
}

export const notes: Note[] = [];

export const demoTools = {
  get_weather: tool({
    description: 'Get the current weather for a city.',
    inputSchema: jsonSchema<{ city: string; unit?: 'celsius' | 'fahrenheit' }>({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. Seoul' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    }),
    execute: async ({ city, unit = 'celsius' }) => {
      const known = WEATHER[city.trim().toLowerCase()] ?? { temperature: 19, conditions: 'mild', humidity: 50 };
      const temperature = unit === 'fahrenheit' ? Math.round((known.temperature * 9) / 5 + 32) : known.temperature;
      return { city, temperature, unit, conditions: known.conditions, humidity: known.humidity };
    },
  }),
  calculator: tool({
    description: 'Evaluate an arithmetic expression with + - * / ^ % and parentheses.',
    inputSchema: jsonSchema<{ expression: string }>({
      type: 'object',
      properties: { expression: { type: 'string', description: 'e.g. 23 * 7 + 4' } },
      required: ['expression'],
    }),
    execute: async ({ expression }) => ({ expression, result: evaluate(expression) }),
  }),
  add_note: tool({
    description: 'Save a short note for the user.',
    inputSchema: jsonSchema<{ text: string }>({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    }),
    execute: async ({ text }) => {
      const note = { id: notes.length + 1, text, savedAt: new Date().toISOString() };
      notes.push(note);
      return { saved: true, id: note.id, count: notes.length };
    },
  }),
  list_notes: tool({
    description: "List the user's saved notes.",
    inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
    execute: async () => ({ notes: notes.map(({ id, text }) => ({ id, text })) }),
  }),
};

export type DemoToolName = keyof typeof demoTools;
export const toolNames = Object.keys(demoTools) as DemoToolName[];
