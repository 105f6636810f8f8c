/**
 * yaml-xml: a declared tool's element with a YAML mapping for a body. No
 * model is trained on it; it is the format @ai-sdk-tool/parser prompts for
 * with its yamlXmlProtocol, so the cases follow what its tests document
 * (test names in each source). The texts are ours, written to each test's
 * pattern with the corpus's tools. Auto reads the format when it prompts in
 * it, which is how these cases run through auto (run-case.ts).
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const PEER =
  'minpeter/ai-sdk-tool-call-middleware packages/parser/src/__tests__/protocols/yaml-xml-protocol.test.ts@13beee5bf2eb4f09e23ffc5520792304003853cb';
const src = (test: string) => `${PEER}, "${test}"`;
const P = ['yaml-xml'];
const typed = { tools: typedTools };

export const yamlXmlCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'one call, plain values',
    src('should parse a single tool call with simple YAML parameters'),
    '<get_weather>\nlocation: New York\nunit: celsius\n</get_weather>',
    [call('get_weather', { location: 'New York', unit: 'celsius' })],
  ),
  corpusCase(
    P,
    'an empty body',
    src('should parse a tool call with no parameters (empty body)'),
    '<list_files>\n</list_files>',
    [call('list_files', {})],
    '',
    typed,
  ),
  corpusCase(
    P,
    'self-closing, with blanks before the slash',
    `${src('should parse a self-closing tool call')}; ${src('should parse self-closing tag with multiple spaces')}`,
    '<list_files/> <list_files   />',
    [call('list_files', {}), call('list_files', {})],
    '',
    typed,
  ),
  corpusCase(
    P,
    'a self-closing call, then one with a body',
    src('should parse multiple tool calls'),
    '<list_files/>\n<get_weather>\nlocation: Seoul\n</get_weather>',
    [call('list_files', {}), call('get_weather', { location: 'Seoul' })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'text before and after the call',
    src('should handle text before and after tool call'),
    'Let me check the weather for you.\n<get_weather>\nlocation: Tokyo\n</get_weather>\nThe weather has been retrieved!',
    [call('get_weather', { location: 'Tokyo' })],
    'Let me check the weather for you. The weather has been retrieved!',
  ),
  corpusCase(
    P,
    'a self-closing call inside a sentence',
    src('should emit proper text-start and text-end events'),
    'Before <list_files/> After',
    [call('list_files', {})],
    'Before After',
    typed,
  ),
  corpusCase(
    P,
    'a literal block scalar',
    src('should parse YAML literal block scalar (|)'),
    '<write_file>\npath: /tmp/test.txt\ncontent: |\n  First line\n  Second line\n  Third line\n</write_file>',
    [call('write_file', { path: '/tmp/test.txt', content: 'First line\nSecond line\nThird line\n' })],
  ),
  corpusCase(
    P,
    'a folded block scalar',
    src('should parse YAML folded block scalar (>)'),
    '<write_file>\npath: /tmp/test.txt\ncontent: >\n  This is a long line\n  that wraps across\n  multiple lines\n</write_file>',
    [call('write_file', { path: '/tmp/test.txt', content: 'This is a long line that wraps across multiple lines\n' })],
  ),
  corpusCase(
    P,
    'an indented body',
    src('should handle indented YAML content'),
    '<get_weather>\n    location: Paris\n    unit: celsius\n</get_weather>',
    [call('get_weather', { location: 'Paris', unit: 'celsius' })],
  ),
  corpusCase(
    P,
    'HTML in a block scalar',
    src('should handle nested XML-like content within YAML values'),
    '<write_file>\npath: /tmp/test.html\ncontent: |\n  <html>\n  <body>Hello</body>\n  </html>\n</write_file>',
    [call('write_file', { path: '/tmp/test.html', content: '<html>\n<body>Hello</body>\n</html>\n' })],
  ),
  corpusCase(
    P,
    "another tool's tag inside a block scalar is content",
    src('should not parse tool tags inside YAML body'),
    '<write_file>\npath: /tmp/test.txt\ncontent: |\n  The text contains <get_weather/> tag\n</write_file>',
    [call('write_file', { path: '/tmp/test.txt', content: 'The text contains <get_weather/> tag\n' })],
  ),
  corpusCase(
    P,
    'a second call after the first ends',
    src('should handle multiple tool calls where second appears after first ends'),
    '<write_file>\npath: test.txt\ncontent: normal content\n</write_file>\n<get_weather>\nlocation: Seoul\n</get_weather>',
    [call('write_file', { path: 'test.txt', content: 'normal content' }), call('get_weather', { location: 'Seoul' })],
  ),
  corpusCase(
    P,
    'invalid YAML: the call stays text, reported',
    `${src('should emit original text on invalid YAML and call onError')}; ${src('should emit original text on YAML parse error')}`,
    '<get_weather>\n[invalid: yaml: syntax:\n</get_weather>',
    [],
    '<get_weather>\n[invalid: yaml: syntax:\n</get_weather>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'a body that is no mapping stays text, reported',
    src('should emit original text when YAML is not a mapping'),
    '<get_weather>\n- just a list\n- not an object\n</get_weather>',
    [],
    '<get_weather>\n- just a list\n- not an object\n</get_weather>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'cut off before the close tag: text, reported',
    src('should flush incomplete tool call as text on finish'),
    '<get_weather>\nlocation: Incomplete',
    [],
    '<get_weather>\nlocation: Incomplete',
    { errors: ['unclosed-tool-call'] },
  ),
];
