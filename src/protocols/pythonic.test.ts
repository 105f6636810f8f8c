import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { pythonicProtocol } from './pythonic.ts';

runFormatFixtures('pythonic', pythonicProtocol(), [
  {
    name: 'one call with both quote styles and literals',
    text: `[get_weather(city='San Francisco', days=3, metric=True)]`,
    calls: [{ toolName: 'get_weather', input: { city: 'San Francisco', days: 3, metric: true } }],
    prose: '',
  },
  {
    name: 'parallel calls, None, lists and dicts',
    text: `[search(query="a", tags=['x', "y"]), search(query='b'), get_weather(city="c", days=None)]`,
    calls: [
      { toolName: 'search', input: { query: 'a', tags: ['x', 'y'] } },
      { toolName: 'search', input: { query: 'b' } },
      { toolName: 'get_weather', input: { city: 'c', days: null } },
    ],
    prose: '',
  },
  {
    name: 'Llama 4 wrapper with prose around',
    text: 'Let me check. <|python_start|>[get_weather(city="Rome")]<|python_end|> Back soon.',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: 'Let me check. Back soon.',
  },
  {
    name: 'LFM2 wrapper, no-argument call',
    text: '<|tool_call_start|>[search()]<|tool_call_end|>',
    calls: [{ toolName: 'search', input: {} }],
    prose: '',
  },
  {
    name: 'escapes and unicode in strings',
    text: `[search(query='it\\'s "fine"\\n東京 🍣')]`,
    calls: [{ toolName: 'search', input: { query: 'it\'s "fine"\n東京 🍣' } }],
    prose: '',
  },
  {
    name: 'a dict value is read as a dict (the schema cannot make it a string)',
    text: `[search(query={'a': 1, "b": [True, None]})]`,
    calls: [{ toolName: 'search', input: { query: { a: 1, b: [true, null] } } }],
    prose: '',
  },
  {
    name: 'truncated inside a string stays text',
    text: `[get_weather(city='Par`,
    calls: [],
    prose: `[get_weather(city='Par`,
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'positional arguments in a bare list: could be code, so quietly text',
    text: `[get_weather("Paris")]`,
    calls: [],
    prose: `[get_weather("Paris")]`,
  },
  {
    name: 'positional arguments inside a wrapper are malformed and stay text',
    text: `<|python_start|>[get_weather("Paris")]<|python_end|>`,
    calls: [],
    prose: `<|python_start|>[get_weather("Paris")]<|python_end|>`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'Python code and links in prose stay text',
    text: 'Use [x for x in xs] or [print(i) for i in range(3)], see [docs](https://x.y) and [1, 2].',
    calls: [],
    prose: 'Use [x for x in xs] or [print(i) for i in range(3)], see [docs](https://x.y) and [1, 2].',
  },
]);
