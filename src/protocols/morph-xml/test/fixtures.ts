/** Fixtures of the morph-XML format: fed whole, one char at a time and at random splits, through its preset and through auto. */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, functionTool } from '../../../test/fixtures/tools.ts';

export const weather = functionTool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
  required: ['city'],
});
export const writeFile = functionTool('write_file', {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
});
const listFiles = functionTool('list_files', { type: 'object', properties: {} });
export const search = functionTool('search', {
  type: 'object',
  properties: {
    query: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    filter: {
      type: 'object',
      properties: { lang: { type: 'string' }, minStars: { type: 'integer' }, archived: { type: 'boolean' } },
    },
  },
});
export const morphXmlTools: LanguageModelV4FunctionTool[] = [weather, writeFile, listFiles, search];

const code = 'if (a && b < c) {\n  return "<div>" + x + "</div>"; // <path>not a param</path>\n}';

export const morphXmlFixtures: FormatFixture[] = [
  // The morph-xml format as @ai-sdk-tool/parser (npm 4.1.26) and this preset teach it; no model template.
  {
    name: 'one call between prose',
    text: 'Let me check.\n<get_weather>\n<city>Seoul</city>\n</get_weather>\nOne moment.',
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'Let me check.\n\nOne moment.',
  },
  // Synthetic edge case.
  {
    name: 'numbers and booleans typed by the schema',
    text: '<get_weather><city>Paris</city><days> 3 </days><metric>true</metric></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 3, metric: true } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a code-bearing string parameter keeps <, >, && and tags',
    text: `Writing it.\n<write_file>\n<path>src/a.js</path>\n<content>\n${code}\n</content>\n</write_file>`,
    calls: [{ toolName: 'write_file', input: { path: 'src/a.js', content: code } }],
    prose: 'Writing it.\n',
  },
  // Synthetic edge case.
  {
    name: 'prose with HTML and near-miss tags stays text',
    text: 'Use <b>bold</b>, <br/>, <div class="x">a < b</div>, <get_weath and <get_weather_v2> or </get_weather>.',
    calls: [],
    prose: 'Use <b>bold</b>, <br/>, <div class="x">a < b</div>, <get_weath and <get_weather_v2> or </get_weather>.',
  },
  // Synthetic edge case.
  {
    name: 'self-closing element: a call with no arguments',
    text: 'Looking: <list_files/> and <list_files /> and <list_files></list_files>',
    calls: [
      { toolName: 'list_files', input: {} },
      { toolName: 'list_files', input: {} },
      { toolName: 'list_files', input: {} },
    ],
    prose: 'Looking:  and  and ',
  },
  // Synthetic edge case.
  {
    name: 'missing outer close tag at the very end',
    text: 'Sure.\n<get_weather>\n<city>Oslo</city>\n<days>2</days>\n',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: 2 } }],
    prose: 'Sure.\n',
  },
  // Synthetic edge case.
  {
    name: 'outer close tag cut off at the very end',
    text: '<get_weather><city>Oslo</city></get_wea',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'several calls with prose before, between and after',
    text: 'First <get_weather><city>A</city></get_weather> then <get_weather><city>B</city></get_weather> done.',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: 'First  then  done.',
  },
  // Synthetic edge case.
  {
    name: 'XML entities are decoded; other & stay',
    text: '<search><query>Tom &amp; Jerry &lt;3 &quot;q&quot; &apos;s&apos; &#x41;&#66; a && b &nbsp;</query></search>',
    calls: [{ toolName: 'search', input: { query: 'Tom & Jerry <3 "q" \'s\' AB a && b &nbsp;' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'repeated tags, <item> children and a JSON array become arrays',
    text: '<search><tags>a</tags><query>q</query><tags>b</tags><ids><item>1</item><item>2</item></ids></search><search><tags>["x", "y"]</tags><ids>7</ids></search>',
    calls: [
      { toolName: 'search', input: { tags: ['a', 'b'], query: 'q', ids: [1, 2] } },
      { toolName: 'search', input: { tags: ['x', 'y'], ids: [7] } },
    ],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'blanks inside the call tags, and a comma list for an array',
    text: '<search ><query>q</query><tags>a, b</tags></search >',
    calls: [{ toolName: 'search', input: { query: 'q', tags: ['a', 'b'] } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'nested elements become an object, typed by the schema',
    text: '<search>\n  <query>stars</query>\n  <filter>\n    <lang>ts</lang>\n    <minStars>100</minStars>\n    <archived>false</archived>\n  </filter>\n</search>',
    calls: [{ toolName: 'search', input: { query: 'stars', filter: { lang: 'ts', minStars: 100, archived: false } } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a value with a line break on each side loses only those',
    text: '<write_file><path>\nnotes.md\n</path><content>\n\n  indented\n\n</content></write_file>',
    calls: [{ toolName: 'write_file', input: { path: 'notes.md', content: '\n  indented\n' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a prototype key is dropped, a repeated one-value parameter keeps the first',
    text: '<get_weather><city>A</city><__proto__>x</__proto__><city>B</city></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'A' } }],
    prose: '',
    errors: ['malformed-tool-call', 'unsafe-key'],
  },
  // Synthetic edge case.
  {
    name: 'text inside the call where a parameter belongs stays text, verbatim',
    text: 'Hmm <get_weather>Seoul</get_weather> ok',
    calls: [],
    prose: 'Hmm <get_weather>Seoul</get_weather> ok',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a call cut off inside a parameter stays text, verbatim',
    text: 'x <write_file><path>a</path><content>def f():\n  return 1 <',
    calls: [],
    prose: 'x <write_file><path>a</path><content>def f():\n  return 1 <',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a malformed call then a good one',
    text: '<get_weather><city>A</city><7></get_weather> and <get_weather><city>B</city></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'B' } }],
    prose: '<get_weather><city>A</city><7></get_weather> and ',
    errors: ['malformed-tool-call'],
  },
];
