/**
 * Fixtures of the yaml-xml format: fed whole, one char at a time and at random splits, through its
 * preset and through auto. The cases are the behaviour @ai-sdk-tool/parser 4.1.26 documents for its
 * yamlXmlProtocol in its tests (minpeter/ai-sdk-tool-call-middleware
 * packages/parser/src/__tests__/protocols/yaml-xml-protocol.test.ts@13beee5b, test names below); the
 * texts are ours.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, functionTool } from '../../../test/fixtures/tools.ts';

export const yamlXmlTools: LanguageModelV4FunctionTool[] = [
  functionTool('get_weather', {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  }),
  functionTool('get_location', { type: 'object' }),
  functionTool('write_file', {
    type: 'object',
    properties: { file_path: { type: 'string' }, contents: { type: 'string' }, mode: { type: 'number' } },
    required: ['file_path', 'contents'],
  }),
];

export const yamlXmlFixtures: FormatFixture[] = [
  // "should parse a single tool call with simple YAML parameters"
  {
    name: 'one call, plain values',
    text: '<get_weather>\nlocation: Lisbon\nunit: celsius\n</get_weather>',
    calls: [{ toolName: 'get_weather', input: { location: 'Lisbon', unit: 'celsius' } }],
    prose: '',
  },
  // "should parse a tool call with no parameters (empty body)", "should parse a self-closing tool call",
  // "self-closing tag with space before slash"
  {
    name: 'calls without arguments: an empty body, <name/> and <name />',
    text: '<get_location>\n</get_location>\n<get_location/>\n<get_location />',
    calls: [
      { toolName: 'get_location', input: {} },
      { toolName: 'get_location', input: {} },
      { toolName: 'get_location', input: {} },
    ],
    prose: '',
  },
  // "should handle text before and after tool call"
  {
    name: 'text before and after the call',
    text: 'Let me check.\n<get_weather>\nlocation: Oslo\n</get_weather>\nDone, it is mild.',
    calls: [{ toolName: 'get_weather', input: { location: 'Oslo' } }],
    prose: 'Let me check. Done, it is mild.',
  },
  // "should parse YAML literal block scalar (|)"
  {
    name: 'a literal block scalar keeps its lines',
    text: '<write_file>\nfile_path: /tmp/notes.txt\ncontents: |\n  first\n    indented\n\n  last\n</write_file>',
    calls: [
      { toolName: 'write_file', input: { file_path: '/tmp/notes.txt', contents: 'first\n  indented\n\nlast\n' } },
    ],
    prose: '',
  },
  // "should parse YAML folded block scalar (>)"
  {
    name: 'a folded block scalar joins its lines',
    text: '<write_file>\nfile_path: a.txt\ncontents: >-\n  one long\n  sentence\n</write_file>',
    calls: [{ toolName: 'write_file', input: { file_path: 'a.txt', contents: 'one long sentence' } }],
    prose: '',
  },
  // "should handle indented YAML content"
  {
    name: 'an indented body',
    text: '<get_weather>\n    location: Porto\n    unit: fahrenheit\n</get_weather>',
    calls: [{ toolName: 'get_weather', input: { location: 'Porto', unit: 'fahrenheit' } }],
    prose: '',
  },
  // "should emit original text on invalid YAML and call onError"
  {
    name: 'invalid YAML stays text, reported',
    text: '<get_weather>\n[broken: yaml:\n</get_weather>',
    calls: [],
    prose: '<get_weather>\n[broken: yaml:\n</get_weather>',
    errors: ['malformed-tool-call'],
  },
  // "should emit original text when YAML is not a mapping"
  {
    name: 'a body that is no mapping stays text, reported',
    text: '<get_weather>\n- a list\n- not arguments\n</get_weather>',
    calls: [],
    prose: '<get_weather>\n- a list\n- not arguments\n</get_weather>',
    errors: ['malformed-tool-call'],
  },
  // "should handle nested XML-like content within YAML values", "should not parse tool tags inside YAML body"
  {
    name: 'tags inside a block scalar are content, a tool tag included',
    text: '<write_file>\nfile_path: page.html\ncontents: |\n  <html><body>Hi <get_location/></body></html>\n  </write_file> too\n</write_file>',
    calls: [
      {
        toolName: 'write_file',
        input: {
          file_path: 'page.html',
          contents: '<html><body>Hi <get_location/></body></html>\n</write_file> too\n',
        },
      },
    ],
    prose: '',
  },
  // "should flush incomplete tool call as text on finish"
  {
    name: 'a call cut off by the end of the output stays text',
    text: '<get_weather>\nlocation: Hal',
    calls: [],
    prose: '<get_weather>\nlocation: Hal',
    errors: ['unclosed-tool-call'],
  },
  // "should handle multiple tool calls where second appears after first ends"
  {
    name: 'two calls one after the other',
    text: '<write_file>\nfile_path: t.txt\ncontents: normal content\n</write_file>\n<get_weather>\nlocation: Seoul\n</get_weather>',
    calls: [
      { toolName: 'write_file', input: { file_path: 't.txt', contents: 'normal content' } },
      { toolName: 'get_weather', input: { location: 'Seoul' } },
    ],
    prose: '',
  },
  // Synthetic edge cases: YAML's own typing, quoting and comments, and the schema's say.
  {
    name: 'numbers typed by the schema, quoted strings, comments',
    text: "<write_file>\n# the file\nfile_path: \"007.txt\"\ncontents: 'it''s: fine'  # quoted\nmode: 0o644\n</write_file>",
    calls: [{ toolName: 'write_file', input: { file_path: '007.txt', contents: "it's: fine", mode: 420 } }],
    prose: '',
  },
  {
    name: 'the close tag right after a value on its line',
    text: 'Sure: <get_weather>location: Tokyo</get_weather> and more.',
    calls: [{ toolName: 'get_weather', input: { location: 'Tokyo' } }],
    prose: 'Sure: and more.',
  },
  {
    name: 'a close tag indented as block content ends the call where the output ends',
    text: '<write_file>\nfile_path: a.txt\ncontents: |\n  done\n  </write_file>',
    calls: [{ toolName: 'write_file', input: { file_path: 'a.txt', contents: 'done\n' } }],
    prose: '',
  },
  {
    name: 'blanks before the > of the open tag',
    text: '<get_weather  >\nlocation: Oslo\n</get_weather>',
    calls: [{ toolName: 'get_weather', input: { location: 'Oslo' } }],
    prose: '',
  },
  {
    name: 'HTML and undeclared tags stay prose',
    text: 'Use <b>bold</b> or <launch_rocket>\nx: 1\n</launch_rocket>.',
    calls: [],
    prose: 'Use <b>bold</b> or <launch_rocket>\nx: 1\n</launch_rocket>.',
  },
];
