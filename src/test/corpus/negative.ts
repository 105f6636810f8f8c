/**
 * The negative corpus: answers a model gives when it talks about tool
 * calling, shows JSON, XML or code, or quotes a format's markers, without
 * making a call. Every one must produce zero calls in every preset and in
 * auto, and come back as exactly its own text. Scripted: written for this
 * project in the shape of real answers (docs pages, chat about tool calling,
 * code reviews), not copied from anywhere.
 */
import type { NegativeCase, ToolSchemas } from './types.ts';

const tools: ToolSchemas = {
  get_weather: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } } },
  search: { type: 'object', properties: { query: { type: 'string' } } },
};

const handwritten: Array<Omit<NegativeCase, 'tools'>> = [
  { kind: 'chat', name: 'plain answer', text: 'It will be sunny in Paris tomorrow, around 21 degrees.' },
  {
    kind: 'chat',
    name: 'answer naming the tool',
    text: 'I could use get_weather for that, but you asked about last year.',
  },
  { kind: 'chat', name: 'apology', text: "Sorry, I can't look that up without the search tool." },
  { kind: 'chat', name: 'question back', text: 'Which city do you mean: Paris, France or Paris, Texas?' },
  { kind: 'chat', name: 'numbered plan', text: '1. Check the forecast.\n2. Pack an umbrella.\n3. Leave early.' },
  {
    kind: 'chat',
    name: 'bullet list with braces',
    text: '- use {city} as the placeholder\n- and {days} for the range',
  },
  { kind: 'data', name: 'JSON weather record', text: '{"city": "Paris", "temp": 21, "unit": "C"}' },
  { kind: 'data', name: 'JSON list of people', text: '[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}]' },
  { kind: 'data', name: 'empty JSON list', text: '[]' },
  { kind: 'data', name: 'numbers list', text: '[3, 1, 4, 1, 5] sorted is [1, 1, 3, 4, 5].' },
  { kind: 'data', name: 'nested config', text: '{"server": {"port": 8080, "tls": false}, "name": "api"}' },
  { kind: 'data', name: 'JSON with a name key only', text: '{"name": "get_weather"}' },
  { kind: 'data', name: 'JSON naming an undeclared tool', text: '{"name": "rm_rf", "arguments": {"path": "/"}}' },
  { kind: 'data', name: 'YAML', text: 'tools:\n  - name: get_weather\n    arguments:\n      city: Paris' },
  { kind: 'data', name: 'CSV', text: 'name,arguments\nget_weather,"{""city"": ""Paris""}"' },
  { kind: 'data', name: 'TOML', text: '[tool]\nname = "get_weather"\n[tool.arguments]\ncity = "Paris"' },
  {
    kind: 'docs',
    name: 'markdown table of tools',
    text: '| tool | args |\n|---|---|\n| get_weather | city, days |\n| search | query |',
  },
  {
    kind: 'docs',
    name: 'markdown link first',
    text: '[get_weather](https://example.com/docs/get_weather) returns a forecast.',
  },
  { kind: 'docs', name: 'citation first', text: '[1] The weather API is rate limited. [2] Search is not.' },
  { kind: 'docs', name: 'LaTeX', text: '{\\displaystyle f(x) = x^2} is a parabola; [a, b] is an interval.' },
  { kind: 'docs', name: 'inline code of a call', text: 'Call `get_weather(city="Paris")` from your own code.' },
  {
    kind: 'docs',
    name: 'fenced JSON request example',
    text: 'Send this body:\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\nto /v1/tools.',
  },
  { kind: 'docs', name: 'HTML', text: '<div class="tool">\n  <span>get_weather</span>\n  <em>city</em>\n</div>' },
  { kind: 'docs', name: 'XML config', text: '<config>\n  <tool>search</tool>\n  <limit>10</limit>\n</config>' },
  { kind: 'docs', name: 'SQL', text: "SELECT name, arguments FROM tool_calls WHERE name = 'get_weather';" },
  { kind: 'docs', name: 'regex', text: 'Match calls with /\\w+\\(.*\\)/ and keys with /"(\\w+)":/.' },
  { kind: 'docs', name: 'shell', text: '$ curl -d \'{"city": "Paris"}\' https://api.example.com/weather' },
  {
    kind: 'docs',
    name: 'Jinja template',
    text: '{% for tc in tool_calls %}{{ tc.name }}({{ tc.arguments | tojson }}){% endfor %}',
  },
  {
    kind: 'docs',
    name: 'Jinja placeholder in a JSON example',
    text: 'The template prints {"name": "{{ tc.name }}", "arguments": {{ args }}}.',
  },
  {
    kind: 'code',
    name: 'Python calling tool-named functions',
    text: "```python\nresult = get_weather(city='Paris')\nprint(search(query='rain'))\n```",
  },
  {
    kind: 'code',
    name: 'Python list comprehension first',
    text: '[get_weather(c) for c in cities] runs one request per city.',
  },
  { kind: 'code', name: 'Python dict', text: "tool = {'name': 'search', 'arguments': {'query': 'x'}}" },
  {
    kind: 'code',
    name: 'TypeScript object',
    text: "```ts\nconst call = { name: 'get_weather', arguments: { city } };\n```",
  },
  { kind: 'code', name: 'JavaScript JSON.stringify', text: 'JSON.stringify({ name: "search", arguments: { query } })' },
  {
    kind: 'code',
    name: 'Go struct',
    text: 'type Call struct {\n\tName string `json:"name"`\n\tArguments map[string]any `json:"arguments"`\n}',
  },
  { kind: 'code', name: 'Rust enum', text: 'enum Tool { GetWeather { city: String }, Search { query: String } }' },
  { kind: 'code', name: 'Java method', text: 'public Weather getWeather(String city) { return api.fetch(city); }' },
  { kind: 'code', name: 'C array', text: 'int days[3] = {1, 2, 3};' },
  { kind: 'code', name: 'Lisp', text: '(search (query "rain") (limit 10))' },
  { kind: 'code', name: 'Bash function', text: 'get_weather() { curl "wttr.in/$1"; }' },
  {
    kind: 'chat',
    name: 'explaining tool calling',
    text: 'When a model calls a tool, the runtime runs it and sends the result back as a new message.',
  },
  {
    kind: 'chat',
    name: 'explaining JSON arguments',
    text: 'The arguments are a JSON object whose keys match the parameters of the tool.',
  },
  {
    kind: 'chat',
    name: 'refusing to call',
    text: "I won't call search for that; the answer is in your message already.",
  },
  { kind: 'chat', name: 'emoji and braces', text: 'Done! 🎉 {ok} [done] (finished)' },
  { kind: 'chat', name: 'angle brackets in prose', text: 'Use a < b and b > c to compare; <- is an arrow.' },
  { kind: 'chat', name: 'math with brackets', text: '[x + y] * {z} = (w)' },
  { kind: 'chat', name: 'a colon list', text: 'city: Paris\ndays: 3\nunit: celsius' },
  { kind: 'chat', name: 'quoted function name', text: 'The "search" function takes a "query" string.' },
  { kind: 'chat', name: 'equals signs', text: 'Set city=Paris and days=3 in the URL.' },
  { kind: 'chat', name: 'markdown heading and code', text: '## Usage\n\n`search("rain")` returns up to ten results.' },
];

/**
 * Each family's markers, quoted in prose the way documentation and chats
 * about tool calling quote them: inside backticks, or described in words.
 */
const markers: Array<[family: string, marker: string]> = [
  ['Hermes and Qwen', '<tool_call>'],
  ['Gemma 2', '```tool_call'],
  ['Qwen3-Coder', '<function=name>'],
  ['Llama 3.1', '<|python_tag|>'],
  ['Mistral', '[TOOL_CALLS]'],
  ['Granite', '<|tool_call|>'],
  ['Phi-4-mini', 'functools'],
  ['DeepSeek', '<｜tool▁calls▁begin｜>'],
  ['Kimi K2', '<|tool_calls_section_begin|>'],
  ['gpt-oss', '<|channel|>commentary'],
  ['GLM', '<arg_key>'],
  ['MiniMax-M2', '<minimax:tool_call>'],
  ['Gemma 4', '<|tool_call>'],
  ['FunctionGemma', '<start_function_call>'],
  ['Llama 4', '<|python_start|>'],
  ['LFM2', '<|tool_call_start|>'],
  ['OLMo 3', '<function_calls>'],
  ['Qwen3', '<think>'],
];

const fromMarkers: Array<Omit<NegativeCase, 'tools'>> = markers.flatMap(([family, marker]) => [
  {
    kind: 'docs',
    name: `${family}: the marker quoted in a sentence`,
    text: `${family} models mark a tool call with \`${marker}\`, so keep that token when you decode.`,
  },
  {
    kind: 'chat',
    name: `${family}: asking about the marker`,
    text: `Why does my ${family} output stop right after the ${marker} token? The server strips it.`.replace(
      `the ${marker} token`,
      `the "${marker}" token`,
    ),
  },
  {
    kind: 'docs',
    name: `${family}: a parser rule in prose`,
    text: `A parser should look for "${marker}" and only then read the name and the arguments.`,
  },
]);

export const negativeCorpus: NegativeCase[] = [...handwritten, ...fromMarkers].map((sample) => ({ ...sample, tools }));
