/** Tool schemas shared by the corpus cases (synthetic: our own tools). */
import type { ToolSchemas } from './types.ts';

export const weatherTools: ToolSchemas = {
  get_weather: {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  },
  search: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    required: ['query'],
  },
};

export const fileTools: ToolSchemas = {
  write_file: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  },
  run_shell: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};

export const allTools: ToolSchemas = { ...weatherTools, ...fileTools };
