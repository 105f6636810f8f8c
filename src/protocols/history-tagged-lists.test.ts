/**
 * History of the JSON-list-in-tokens formats (nemotron, cohere, jamba), as their templates write it. How the
 * expected strings were rendered: the header of history.test.ts (the same conversation, the same jinja2
 * settings; for Cohere and Jamba the templates' own tool-call and tool-result branches).
 */
import { historySuite } from '../test/history-harness.ts';

const LLAMA_CPP = 'ggml-org/llama.cpp models/templates/';
const ok = '{"ok":true}';

const weather = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const search = '{"name": "search", "arguments": {"query": "rain"}}';
const nemotronResults = `<TOOL_RESPONSE>[${ok}, ${ok}]</TOOL_RESPONSE>`;

const cohereCall = (id: number, name: string, parameters: string) =>
  `    {"tool_call_id": "${id}", "tool_name": "${name}", "parameters": ${parameters}}`;
const cohereAction = (lines: string[]) =>
  `<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n${lines.join(',\n')}\n]<|END_ACTION|>`;
const cohereWeather = cohereCall(0, 'get_weather', '{"city": "Paris"}');
const cohereResult = (id: number) =>
  `    {\n        "tool_call_id": "${id}",\n        "results": {\n            "0": ${JSON.stringify(ok)}\n        },\n        "is_error": null\n    }`;

const jambaCalls = (lines: string[]) => `<tool_calls>[\n${lines.map((l) => `    ${l}`).join(',\n')}\n]</tool_calls>`;

historySuite('history of the tagged JSON-list formats, as their templates write it', [
  {
    format: 'nemotron',
    template: `${LLAMA_CPP}NVIDIA-Nemotron-Nano-v2.jinja@f01caef75bdbeb16a11e1aa168e7c419589df8f6`,
    cases: {
      'one call': `<TOOLCALL>[${weather}]</TOOLCALL>`,
      'two calls': `<TOOLCALL>[${weather}, ${search}]</TOOLCALL>`,
      'text and a call': `Checking.\n\n<TOOLCALL>[${weather}]</TOOLCALL>`,
      // The template writes the results block in a user turn of its own, ending it with a blank line; a user
      // turn it writes from a user message ends with one line break (it strips the text).
      'calls and results': {
        differs: true,
        template: `${nemotronResults}\n\n`,
        toolshim: nemotronResults,
        why: 'the template ends its results turn with a blank line and a user turn with one line break',
      },
    },
  },
  {
    format: 'cohere',
    template: `${LLAMA_CPP}CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja@041462bd55ae7be3ddfbd7a7356f01715740c50d`,
    cases: {
      'one call': cohereAction([cohereWeather]),
      'two calls': cohereAction([cohereWeather, cohereCall(1, 'search', '{"query": "rain"}')]),
      // The template drops the content of a turn with tool_calls.
      'text and a call': cohereAction([cohereWeather]),
      // The same text; the template's turn is a system turn, toolshim's a user turn.
      'calls and results': `<|START_TOOL_RESULT|>[\n${cohereResult(0)},\n${cohereResult(1)}\n]<|END_TOOL_RESULT|>`,
    },
  },
  {
    format: 'jamba',
    // ai21labs/AI21-Jamba-Mini-1.7's chat template, as r-rojo/rampipe keeps a copy of it.
    template:
      'r-rojo/rampipe tests/fixtures/jamba_mini_1_7_chat_template.jinja@3c7722e3161b0b15312e3d78b203df4955cba762',
    cases: {
      'one call': jambaCalls([weather]),
      'two calls': jambaCalls([weather, search]),
      'text and a call': `Checking.${jambaCalls([weather])}`,
      'calls and results': { each: [ok, ok], why: "Jamba's tool turn" },
    },
  },
]);
