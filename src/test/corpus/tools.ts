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

/** Tools with typed, nullable, array and object arguments, for the cases that need them (synthetic). */
export const typedTools: ToolSchemas = {
  ...allTools,
  list_files: { type: 'object', properties: {} },
  exec: {
    type: 'object',
    properties: { command: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'integer' } },
    required: ['command'],
  },
  set_config: {
    type: 'object',
    properties: {
      config: { type: 'object' },
      tags: { type: 'array', items: { type: 'string' } },
      enabled: { type: 'boolean' },
    },
  },
  update_note: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
    },
    required: ['id'],
  },
  add_user: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      age: { type: 'integer' },
      address: { type: 'object' },
      role: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      verified: { type: 'boolean' },
      aliases: { type: 'array', items: { type: 'string' } },
    },
  },
  calc: { type: 'object', properties: { x: { type: 'number' }, note: { type: 'string' } } },
  label: {
    type: 'object',
    properties: {
      tags: { type: 'array', items: { type: 'string' } },
      pair: { type: 'array', items: { type: 'integer' } },
    },
  },
  set_date: { type: 'object', properties: { month: { type: 'integer' }, day: { type: 'integer' } } },
  edit: {
    type: 'object',
    properties: { old: { type: 'string' }, new: { type: 'string' }, all: { type: 'boolean' } },
    required: ['old', 'new'],
  },
};
