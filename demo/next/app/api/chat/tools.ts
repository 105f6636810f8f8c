/**
 * The chat's tools. Their results are made up (no network), but they run on
 * the server like real ones: the model only ever sees what they return.
 */
import { jsonSchema, type ModelMessage, tool } from 'ai';

/**
 * The notes saved so far in this conversation. The demo keeps no store: a
 * note lives in the conversation that saved it, so another tab, another
 * browser or a reload starts with none. A real app would save it to its own
 * store, keyed by the signed-in user.
 */
function notesIn(messages: ModelMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.toolName === 'add_note' && part.output.type === 'json') count++;
    }
  }
  return count;
}

/** A steady made-up temperature per city, so answers do not change between runs. */
function temperatureOf(city: string): number {
  let sum = 0;
  for (const c of city) sum += c.charCodeAt(0);
  return 8 + (sum % 20);
}

export const tools = {
  get_weather: tool({
    description: 'Current weather for a city',
    inputSchema: jsonSchema<{ city: string; unit?: 'celsius' | 'fahrenheit' }>({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    }),
    // Written into the tool prompt as a call in the model's own format.
    inputExamples: [{ input: { city: 'Lisbon', unit: 'celsius' } }],
    execute: async ({ city, unit = 'celsius' }) => ({
      city,
      temperature: temperatureOf(city),
      unit,
      conditions: 'sunny',
    }),
  }),
  add_note: tool({
    description: 'Saves a note for the user',
    inputSchema: jsonSchema<{ text: string }>({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    }),
    // The page asks the user first (Approve / Deny); a denied note is never saved.
    needsApproval: true,
    execute: async ({ text }, { messages }) => ({ saved: text, count: notesIn(messages) + 1 }),
  }),
  write_file: tool({
    description: 'Writes a file',
    inputSchema: jsonSchema<{ path: string; content: string }>({
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    }),
    execute: async ({ path, content }) => ({ path, characters: content.length }),
  }),
};
