/**
 * History of the XML-tag and Python-call formats, as their templates write it.
 * How the expected strings were rendered: the header of history.test.ts.
 *
 * Not here: gemma (Gemma 3's ```tool_call fence) and morph-xml. Neither has an
 * official chat template that writes tool calls (Gemma 3's template knows no
 * tool_calls; morph-XML is toolshim's own prompt format), so there is nothing
 * to compare their history with.
 */
import { historySuite } from '../test/history-harness.ts';
import { pythonicProtocol } from './pythonic/pythonic.ts';

const LLAMA_CPP = 'ggml-org/llama.cpp models/templates/';
const ok = '{"ok":true}';

const glmCall = '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>';
const glmSearch = '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>rain</arg_value>\n</tool_call>';
const glmResult = `<tool_response>\n${ok}\n</tool_response>`;

const minimaxWeather = '<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n';
const minimaxSearch = '<invoke name="search">\n<parameter name="query">rain</parameter>\n</invoke>\n';
const minimaxBlock = (invokes: string) => `\n<minimax:tool_call>\n${invokes}</minimax:tool_call>`;

const pyOne = '[get_weather(city="Paris")]';
const pyTwo = '[get_weather(city="Paris"), search(query="rain")]';
/** Llama's ipython turn writes `content | tojson`: the string content becomes a JSON string literal. */
const okString = JSON.stringify(ok);
/** vLLM's Llama 4 pythonic template: the closest a template comes to writing pythonic calls. */
const VLLM_LLAMA4_PYTHONIC =
  'vllm-project/vllm examples/tool_chat_template_llama4_pythonic.jinja@0471aed1b67455f39accc28977db0b979e091687';
const lfm2CallsInContent =
  "LFM2's template writes only an assistant turn's content (the model's own <|tool_call_start|>…<|tool_call_end|>), never its tool_calls";

historySuite('history of the XML and Python-call formats, as their templates write it', [
  {
    // GLM-4.6 writes '\n<think></think>\n' (or the thinking) before a turn's content, and the results in one
    // <|observation|> turn; toolshim's user turn holds the same text after its header's line break.
    format: 'glm',
    template: `${LLAMA_CPP}GLM-4.6.jinja@1920345c3bcec451421bb6abc4981678cc721154`,
    cases: {
      'one call': glmCall,
      'two calls': `${glmCall}\n${glmSearch}`,
      'text and a call': `Checking.\n${glmCall}`,
      'calls and results': `${glmResult}\n${glmResult}`,
    },
  },
  {
    // The template writes '\n' before the block even when the turn has no text; the results follow its
    // ']~b]tool' header, each after a line break, as toolshim's follow its user header's line break.
    format: 'minimax-m2',
    template: `${LLAMA_CPP}MiniMax-M2.jinja@1920345c3bcec451421bb6abc4981678cc721154`,
    cases: {
      'one call': minimaxBlock(minimaxWeather),
      'two calls': minimaxBlock(minimaxWeather + minimaxSearch),
      'text and a call': `Checking.${minimaxBlock(minimaxWeather)}`,
      'calls and results': `<response>${ok}</response>\n<response>${ok}</response>`,
    },
  },
  {
    // The template of allenai/Olmo-3.1-32B-Instruct (as lmstudio-community's MLX conversion ships it), vendored in
    // pappitti/mlx-lm's run_server.py; no OLMo 3 template with tool calls is in llama.cpp.
    format: 'olmo3',
    template: 'pappitti/mlx-lm run_server.py@c38503b954fa91df32c7094a8e15452e82e51763',
    cases: {
      'one call': '<function_calls>get_weather(city="Paris")</function_calls>',
      'two calls': '<function_calls>get_weather(city="Paris")\nsearch(query="rain")</function_calls>',
      'text and a call': 'Checking.<function_calls>get_weather(city="Paris")</function_calls>',
      'calls and results': { each: [ok, ok], why: "OLMo's environment turn" },
    },
  },
  {
    // No official template writes pythonic calls from tool_calls (Llama 4's own writes JSON calls): the strings
    // are those of vLLM's Llama 4 pythonic template.
    format: 'pythonic',
    template: VLLM_LLAMA4_PYTHONIC,
    cases: {
      'one call': pyOne,
      'two calls': pyTwo,
      'text and a call': {
        differs: true,
        template: `Checking.${pyOne}`,
        toolshim: pyOne,
        why: "a bare list counts as calls only at the start of the answer, so toolshim drops the turn's text, as vLLM's Llama 3.2 pythonic template does",
      },
      'calls and results': { each: [okString, okString], why: "Llama's ipython turn" },
    },
  },
  {
    format: 'pythonic llama4',
    protocol: () => pythonicProtocol({ wrapper: 'llama4' }),
    template: VLLM_LLAMA4_PYTHONIC,
    cases: {
      'one call': {
        differs: true,
        template: pyOne,
        toolshim: `<|python_start|>${pyOne}<|python_end|>`,
        why: "toolshim wraps the list in the <|python_start|>…<|python_end|> the model writes around it; vLLM's template does not",
      },
      'two calls': {
        differs: true,
        template: pyTwo,
        toolshim: `<|python_start|>${pyTwo}<|python_end|>`,
        why: 'the same wrapper, around one list of every call',
      },
      'text and a call': {
        differs: true,
        template: `Checking.${pyOne}`,
        toolshim: `Checking.<|python_start|>${pyOne}<|python_end|>`,
        why: 'the same wrapper, after the text as the template writes it',
      },
      'calls and results': { each: [okString, okString], why: "Llama's ipython turn" },
    },
  },
  {
    format: 'pythonic lfm2',
    protocol: () => pythonicProtocol({ wrapper: 'lfm2' }),
    template: `${LLAMA_CPP}LFM2-8B-A1B.jinja@97c64fbdbdf6662a0f31c97918fec7d480e1ecf5`,
    cases: {
      'one call': {
        differs: true,
        template: '',
        toolshim: `<|tool_call_start|>${pyOne}<|tool_call_end|>`,
        why: lfm2CallsInContent,
      },
      'two calls': {
        differs: true,
        template: '',
        toolshim: `<|tool_call_start|>${pyTwo}<|tool_call_end|>`,
        why: `${lfm2CallsInContent}; toolshim writes the calls as LFM2 does, one list`,
      },
      'text and a call': {
        differs: true,
        template: 'Checking.',
        toolshim: `Checking.<|tool_call_start|>${pyOne}<|tool_call_end|>`,
        why: lfm2CallsInContent,
      },
      'calls and results': {
        each: [
          `<|tool_response_start|>${ok}<|tool_response_end|>`,
          `<|tool_response_start|>${ok}<|tool_response_end|>`,
        ],
        why: "LFM2's tool turn",
      },
    },
  },
]);
