/**
 * History of the special-token formats, as their templates write it. How the
 * expected strings were rendered: the header of history.test.ts.
 */
import { historySuite } from '../test/history-harness.ts';
import { deepseekProtocol } from './deepseek/deepseek.ts';

const LLAMA_CPP = 'ggml-org/llama.cpp models/templates/';
const ok = '{"ok":true}';

const dsCall = '<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜>';
const dsCalls = (body: string) => `<｜tool▁calls▁begin｜>${body}<｜tool▁calls▁end｜>`;
const v3Call =
  '<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜>';
const v3Search =
  '<｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n```json\n{"query": "rain"}\n```<｜tool▁call▁end｜>';
const dsOutput = '<｜tool▁output▁begin｜>{"ok":true}<｜tool▁output▁end｜>';

const D = '｜DSML｜';
const dsmlParam = (name: string, value: string) =>
  `<${D}parameter name="${name}" string="true">${value}</${D}parameter>\n`;
const dsmlWeather = `<${D}invoke name="get_weather">\n${dsmlParam('city', 'Paris')}</${D}invoke>\n`;
const dsmlSearch = `<${D}invoke name="search">\n${dsmlParam('query', 'rain')}</${D}invoke>\n`;
const dsmlCalls = (invokes: string) => `\n\n<${D}function_calls>\n${invokes}</${D}function_calls>`;

const kimiCall =
  '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>';
const kimiSearch =
  '<|tool_call_begin|>functions.search:1<|tool_call_argument_begin|>{"query": "rain"}<|tool_call_end|>';
const kimiSection = (body: string) => `<|tool_calls_section_begin|>${body}<|tool_calls_section_end|>`;

const harmonyCall =
  '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>';
const harmonySearch =
  '<|start|>assistant to=functions.search<|channel|>commentary json<|message|>{"query": "rain"}<|call|>';
/** The template writes a result's content with `tojson`: the string content becomes a JSON string literal. */
const harmonyResult = (name: string) =>
  `<|start|>functions.${name} to=assistant<|channel|>commentary<|message|>${JSON.stringify(ok)}<|end|>`;

const gemmaCall = '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>';
const gemmaSearch = '<|tool_call>call:search{query:<|"|>rain<|"|>}<tool_call|>';
const gemmaResults =
  '<|tool_response>response:get_weather{value:<|"|>{"ok":true}<|"|>}<tool_response|><|tool_response>response:search{value:<|"|>{"ok":true}<|"|>}<tool_response|>';

const fgCall = '<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>';
const fgSearch = '<start_function_call>call:search{query:<escape>rain<escape>}<end_function_call>';

historySuite('history of the special-token formats, as their templates write it', [
  {
    // The results follow the assistant's <｜end▁of▁sentence｜> with no <｜User｜> before them; toolshim's user turn
    // holds the same text. The template writes '</think>' (thinking off) before the turn's content.
    format: 'deepseek',
    template: `${LLAMA_CPP}deepseek-ai-DeepSeek-V3.1.jinja@88021565f08e0b7c4e07ac089a15ec16fae9166c (arguments as json.dumps text)`,
    cases: {
      'one call': dsCalls(dsCall),
      'two calls': dsCalls(`${dsCall}<｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "rain"}<｜tool▁call▁end｜>`),
      'text and a call': `Checking.${dsCalls(dsCall)}`,
      'calls and results': dsOutput + dsOutput,
    },
  },
  {
    // llama.cpp's "official" V3.2 template (the one its DeepSeek V3.2 parser was written against). It writes the
    // results after the assistant's <｜end▁of▁sentence｜>, with no <｜User｜> before them, after a blank line;
    // toolshim's user turn holds the same block without that separator.
    format: 'deepseek v3.2',
    protocol: () => deepseekProtocol({ variant: 'v3.2' }),
    template: `${LLAMA_CPP}deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081fd2c83bd221c157728a8cf0124cd4e27 (thinking off)`,
    cases: {
      'one call': dsmlCalls(dsmlWeather),
      'two calls': dsmlCalls(dsmlWeather + dsmlSearch),
      'text and a call': `Checking.${dsmlCalls(dsmlWeather)}`,
      'calls and results': `<function_results>\n<result>${ok}</result>\n<result>${ok}</result>\n</function_results>`,
    },
  },
  {
    // DeepSeek V3's own template (the huggingface/huggingface.js automap copy of library/deepseek-v3:671b at
    // 007948d5aac310316dd57b5d8e5c091e864418dc) renders the same strings.
    format: 'deepseek v3',
    protocol: () => deepseekProtocol({ variant: 'v3' }),
    template: `${LLAMA_CPP}deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja@c7f460ab882065ec5696e3d51e24dbf67b539287 (content None, arguments as json.dumps text)`,
    cases: {
      'one call': {
        differs: true,
        template: `<｜tool▁calls▁begin｜>${v3Call}`,
        toolshim: dsCalls(v3Call),
        why: 'the template closes the calls block only after a second call; toolshim closes it always, as the model does',
      },
      'two calls': dsCalls(`${v3Call}\n${v3Search}`),
      'text and a call': {
        differs: true,
        template: 'Checking.',
        toolshim: `Checking.${dsCalls(v3Call)}`,
        why: 'the template drops the calls of a turn that has content; toolshim keeps them, after the text as V3.1 writes it',
      },
      'calls and results': `<｜tool▁outputs▁begin｜>${dsOutput}\n${dsOutput}<｜tool▁outputs▁end｜>`,
    },
  },
  {
    // llama.cpp's Kimi-K2-Instruct template appends to a list, which Hugging Face's immutable sandbox refuses:
    // rendered in jinja2's SandboxedEnvironment, otherwise alike, with Kimi's own ids (functions.NAME:N) as the
    // calls' ids. Its first Kimi-K2 template (moonshotai-Kimi-K2.jinja@4a4f426944e79b79e389f9ed7b34831cb9b637ad)
    // writes the same calls.
    format: 'kimi-k2',
    template: `${LLAMA_CPP}Kimi-K2-Instruct.jinja@1920345c3bcec451421bb6abc4981678cc721154`,
    cases: {
      'one call': kimiSection(kimiCall),
      'two calls': kimiSection(kimiCall + kimiSearch),
      'text and a call': `Checking.${kimiSection(kimiCall)}`,
      'calls and results': {
        each: [`## Return of functions.get_weather:0\n${ok}`, `## Return of functions.search:1\n${ok}`],
        why: "Kimi's tool turn",
      },
    },
  },
  {
    // The template's generation prompt writes '<|start|>assistant'; toolshim's text carries whole messages, so
    // the expected strings are the template's messages from their '<|start|>'.
    format: 'harmony',
    template: `${LLAMA_CPP}openai-gpt-oss-120b.jinja@b204a5a234f4cf0b3f449476da639a5510c6d157`,
    cases: {
      'one call': harmonyCall,
      'two calls': {
        differs: true,
        template: harmonyCall,
        toolshim: harmonyCall + harmonySearch,
        why: "the template writes only a turn's first call; toolshim writes every call as a message of its own",
      },
      // The template writes the content of a turn with calls as an analysis message before the call.
      'text and a call': `<|start|>assistant<|channel|>analysis<|message|>Checking.<|end|>${harmonyCall}`,
      'calls and results': {
        differs: true,
        template: harmonyResult('get_weather') + harmonyResult('get_weather'),
        toolshim: harmonyResult('get_weather') + harmonyResult('search'),
        why: "the template names every result after the turn's first call (it wrote only that one); toolshim names each after its own",
      },
    },
  },
  {
    // The updated template writes the results inside the model turn, right after the calls; toolshim sends them
    // as the next user turn, the same text.
    format: 'gemma4',
    template: `${LLAMA_CPP}google-gemma-4-31B-it.jinja@3fc65063d9c356510b86fc2f15ca8aea711bfc47`,
    cases: {
      'one call': gemmaCall,
      'two calls': gemmaCall + gemmaSearch,
      'text and a call': {
        differs: true,
        template: `${gemmaCall}<|tool_response>response:get_weather{value:<|"|>{"ok":true}<|"|>}<tool_response|>Checking.`,
        toolshim: `${gemmaCall}Checking.`,
        why: 'the template writes the results between the calls and the text; toolshim sends results in the next turn, so the text follows the calls as the first Gemma 4 template (@b8635075ffe27b135c49afb9a8b5c434bd42c502) writes it',
      },
      'calls and results': gemmaResults,
    },
  },
  {
    // No FunctionGemma template is in the sources searched: the strings are those of Ollama's renderer, which
    // reproduces google/functiongemma-270m-it's template (its tests: text then calls side by side, results
    // side by side in the model turn).
    format: 'function-gemma',
    template: 'ollama/ollama model/renderers/functiongemma_test.go@e51dead6363e941b480f5bf1270254db7e175083',
    cases: {
      'one call': fgCall,
      'two calls': fgCall + fgSearch,
      'text and a call': `Checking.${fgCall}`,
      'calls and results': {
        differs: true,
        template:
          '<start_function_response>response:get_weather{<escape>{"ok":true}<escape>}<end_function_response><start_function_response>response:search{<escape>{"ok":true}<escape>}<end_function_response>',
        toolshim:
          '<start_function_response>response:get_weather{ok:true}<end_function_response><start_function_response>response:search{ok:true}<end_function_response>',
        why: "Ollama escapes a result string whole; toolshim writes the result's keys, as Google's FunctionGemma guide shows a response",
      },
    },
  },
]);
