/**
 * Earlier calls and their results written back exactly as each model's chat
 * template writes them.
 * This file holds the JSON-call families; history-tokens.test.ts the
 * special-token ones, history-xml.test.ts the XML and Python-call ones. The
 * suite itself is src/test/history-harness.ts.
 *
 * How the expected strings were obtained. The prompt the harness builds (user
 * "Weather?"; an assistant turn with get_weather {city: "Paris"}, then also
 * search {query: "rain"}, or the text "Checking." before the call; one tool
 * result {ok: true} per call) was written as the OpenAI/Hugging Face messages
 * an application would send the model natively: tool_calls with ids c0, c1
 * (Mistral's templates want 9 letters and digits: 0000000c0, the id toolshim
 * derives; Kimi's are functions.NAME:N), arguments as objects (as strings of
 * json.dumps where the template concatenates them), a calls-only turn's
 * content '' (None for DeepSeek V3/R1, whose templates test `is none`), and
 * each result's content '{"ok":true}', the string the AI SDK's providers send
 * for a JSON result (JSON.stringify). Each template was rendered with Python
 * jinja2 3.1.6 as Hugging Face's apply_chat_template does (sandboxed,
 * trim_blocks, lstrip_blocks, loopcontrols, `tojson` = json.dumps with
 * ensure_ascii=False, raise_exception, strftime_now), outside this project;
 * the expected strings are the template's own turns cut out of that render:
 * the assistant turn between its header and its end token, the results after
 * their turn's header. The same script renders the messages toolshim sends
 * through the same template, which for hermes and qwen3-coder gives the
 * native render byte for byte from the user's turn on. Templates are named by
 * repository, path and commit and are not copied here; llama.cpp's are from
 * its models/templates/ (ggml-org/llama.cpp history, read from a fork mirror).
 *
 * Where a template puts results in a role an AI SDK prompt cannot hold as
 * user text (a `tool` or `ipython` turn), the row lists the contents the
 * template writes (`each`): toolshim sends them in one user turn, joined by
 * line breaks. Where toolshim writes something else, the row says what and why
 * (`differs`).
 */
import { historySuite } from '../test/history-harness.ts';
import { mistralProtocol } from './mistral/mistral.ts';

const LLAMA_CPP = 'ggml-org/llama.cpp models/templates/';
const qwenCall = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const qwenCalls = `${qwenCall}\n<tool_call>\n{"name": "search", "arguments": {"query": "rain"}}\n</tool_call>`;
const qwenResults = '<tool_response>\n{"ok":true}\n</tool_response>\n<tool_response>\n{"ok":true}\n</tool_response>';
const listOne = '[{"name": "get_weather", "arguments": {"city": "Paris"}}]';
const listTwo =
  '[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "search", "arguments": {"query": "rain"}}]';
const ok = '{"ok":true}';
/** A result in Llama's ipython turn: `content | tojson`, and the content is a string. */
const okString = JSON.stringify(ok);
const mistralTwo = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]search[ARGS]{"query": "rain"}';
const mistralResults = '[TOOL_RESULTS]{"ok":true}[/TOOL_RESULTS][TOOL_RESULTS]{"ok":true}[/TOOL_RESULTS]';
const noCallsWritten = 'its template writes only the content of an assistant turn, never its tool_calls';

historySuite('history of the JSON-call formats, as their templates write it', [
  {
    format: 'hermes',
    template: `${LLAMA_CPP}Qwen-Qwen3-0.6B.jinja@e121edc4324a640be11b7e567edd39b721b0f8e4`,
    cases: {
      'one call': qwenCall,
      'two calls': qwenCalls,
      'text and a call': `Checking.\n${qwenCall}`,
      // One user turn, '<|im_start|>user\n' then the results joined by '\n': a plain user turn of the same text.
      'calls and results': qwenResults,
    },
  },
  {
    // Granite 4 writes Hermes calls: the same assistant turns as Qwen3.
    format: 'hermes',
    template: `${LLAMA_CPP}ibm-granite-granite-4.0.jinja@6137c325a16073c8bf68a52396a815006ccaa9a9`,
    cases: {
      'one call': qwenCall,
      'two calls': qwenCalls,
      'text and a call': `Checking.\n${qwenCall}`,
      'calls and results': {
        differs: true,
        template: `\n${qwenResults}`,
        toolshim: qwenResults,
        why: "Granite 4.0 starts its results turn with a line break that Qwen3's user header already holds; hermes follows Qwen3",
      },
    },
  },
  {
    format: 'qwen3-coder',
    template: `${LLAMA_CPP}Qwen3-Coder.jinja@1920345c3bcec451421bb6abc4981678cc721154`,
    cases: {
      'one call':
        '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      'two calls':
        '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=search>\n<parameter=query>\nrain\n</parameter>\n</function>\n</tool_call>',
      'text and a call':
        'Checking.\n\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      'calls and results': `${qwenResults}\n`,
    },
  },
  {
    format: 'llama3-json',
    template: `${LLAMA_CPP}meta-llama-Llama-3.1-8B-Instruct.jinja@8b576b6c55bc4e6be898b47522f0ef402b93ef62`,
    cases: {
      'one call': '{"name": "get_weather", "parameters": {"city": "Paris"}}',
      'two calls': {
        differs: true,
        template: null,
        toolshim:
          '{"name": "get_weather", "parameters": {"city": "Paris"}}\n{"name": "search", "parameters": {"query": "rain"}}',
        why: 'the template raises "This model only supports single tool-calls at once!"; toolshim writes one call per line, as the parser reads them',
      },
      // The template drops the text of a turn with a call; so does toolshim, since text before a bare call would
      // keep the model's next call from counting.
      'text and a call': '{"name": "get_weather", "parameters": {"city": "Paris"}}',
      // Rendered for one call per turn (the template allows no more); each ipython turn holds the same content.
      'calls and results': { each: [okString, okString], why: "Llama's ipython turn" },
    },
  },
  {
    format: 'granite',
    template: `${LLAMA_CPP}ibm-granite-granite-3.3-2B-Instruct.jinja@3db4da56a5a00c4b47bbb3b18f85fb4473662adb`,
    cases: {
      'one call': {
        differs: true,
        template: '',
        toolshim: `<|tool_call|>${listOne}`,
        why: `${noCallsWritten}; toolshim writes the list its system prompt asks for`,
      },
      'two calls': {
        differs: true,
        template: '',
        toolshim: `<|tool_call|>${listTwo}`,
        why: `${noCallsWritten}; the calls go in one list`,
      },
      'text and a call': {
        differs: true,
        template: 'Checking.',
        toolshim: `Checking.\n<|tool_call|>${listOne}`,
        why: noCallsWritten,
      },
      'calls and results': { each: [ok, ok], why: "Granite's tool turn" },
    },
  },
  {
    format: 'phi4-mini',
    // The Phi-4-mini GGUF's copy of microsoft/Phi-4-mini-instruct's template (Ollama library/phi4-mini:3.8b).
    template:
      'huggingface/huggingface.js packages/ollama-utils/src/chat-template-automap.ts@007948d5aac310316dd57b5d8e5c091e864418dc',
    cases: {
      'one call': { differs: true, template: '', toolshim: `functools${listOne}`, why: noCallsWritten },
      'two calls': {
        differs: true,
        template: '',
        toolshim: `functools${listTwo}`,
        why: `${noCallsWritten}; the calls go in the single list the model is asked for`,
      },
      'text and a call': {
        differs: true,
        template: 'Checking.',
        toolshim: `Checking.\nfunctools${listOne}`,
        why: noCallsWritten,
      },
      'calls and results': { each: [ok, ok], why: "Phi's <|tool|> turn" },
    },
  },
  {
    format: 'xlam',
    // xLAM-2's Llama-based template as vLLM ships it (the Hugging Face file is not in the sources searched).
    template: 'vllm-project/vllm examples/tool_chat_template_xlam_llama.jinja@466716c2bb5f3d191eeaf25459ec6c3bb09f11d7',
    cases: {
      'one call': listOne,
      'two calls': listTwo,
      // The template drops the content of a turn with calls; a list counts only at the start of the answer.
      'text and a call': listOne,
      'calls and results': { each: [ok, ok], why: "xLAM's ipython turn" },
    },
  },
  {
    // Mistral's v13 templates write the results right after the assistant's </s>, with no [INST]; toolshim's
    // user turn wraps the same text in [INST]…[/INST].
    format: 'mistral',
    template: `${LLAMA_CPP}unsloth-mistral-Devstral-Small-2507.jinja@00fa15fedc79263fa0285e6a3bbb0cfb3e3878a2`,
    cases: {
      'one call': '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      'two calls': mistralTwo,
      'text and a call': 'Checking.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      'calls and results': mistralResults,
    },
  },
  {
    // Mistral Small 3.2: `variant: 'v11'` writes [CALL_ID]id between the name and [ARGS], the results as
    // [TOOL_RESULTS]id[TOOL_CONTENT]…, and drops the content of a turn with calls, as its template does.
    format: 'mistral v11',
    protocol: () => mistralProtocol({ variant: 'v11' }),
    template: `${LLAMA_CPP}Mistral-Small-3.2-24B-Instruct-2506.jinja@901e20bbe571fbde48d13eb188f4e7cdc7562fb6`,
    cases: {
      'one call': '[TOOL_CALLS]get_weather[CALL_ID]0000000c0[ARGS]{"city": "Paris"}',
      'two calls':
        '[TOOL_CALLS]get_weather[CALL_ID]0000000c0[ARGS]{"city": "Paris"}[TOOL_CALLS]search[CALL_ID]0000000c1[ARGS]{"query": "rain"}',
      'text and a call': '[TOOL_CALLS]get_weather[CALL_ID]0000000c0[ARGS]{"city": "Paris"}',
      'calls and results':
        '[TOOL_RESULTS]0000000c0[TOOL_CONTENT]{"ok":true}[/TOOL_RESULTS][TOOL_RESULTS]0000000c1[TOOL_CONTENT]{"ok":true}[/TOOL_RESULTS]',
    },
  },
  {
    // The mistral preset writes v13, which Ministral 3, Magistral and Devstral use.
    format: 'mistral',
    template: `${LLAMA_CPP}mistralai-Ministral-3-14B-Reasoning-2512.jinja@2fbe3b7bb7814621477d658a81f0d0cca08761cf`,
    cases: {
      'one call': '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      'two calls': mistralTwo,
      'text and a call': 'Checking.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      'calls and results': mistralResults,
    },
  },
  {
    format: 'mistral legacy',
    protocol: () => mistralProtocol({ variant: 'legacy' }),
    template: `${LLAMA_CPP}mistralai-Mistral-Nemo-Instruct-2407.jinja@8b576b6c55bc4e6be898b47522f0ef402b93ef62`,
    cases: {
      'one call': '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "0000000c0"}]',
      'two calls':
        '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "0000000c0"}, {"name": "search", "arguments": {"query": "rain"}, "id": "0000000c1"}]',
      // Nemo's template drops the content of a turn with calls.
      'text and a call': '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "0000000c0"}]',
      'calls and results':
        '[TOOL_RESULTS]{"content": {"ok":true}, "call_id": "0000000c0"}[/TOOL_RESULTS][TOOL_RESULTS]{"content": {"ok":true}, "call_id": "0000000c1"}[/TOOL_RESULTS]',
    },
  },
]);
