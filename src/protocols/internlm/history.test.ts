/**
 * History of the internlm format, as InternLM's chat format writes it (InternLM/InternLM
 * chat/chat_format.md@2270e6f0, the function-call example): the turn's text, then right after it
 * `<|action_start|><|plugin|>`, a line break, the call's JSON with `parameters`, `<|action_end|>`. No
 * template of the family writes two calls in one turn; two blocks one per line is how vLLM's intern_s1
 * parser tests (test_nonstreaming_supports_multiple_action_blocks) have the model write them. Each result
 * is an `environment name=<|plugin|>` turn of its own.
 */
import { historySuite } from '../../test/history-harness.ts';

const ok = '{"ok":true}';
const block = (json: string) => `<|action_start|><|plugin|>\n${json}<|action_end|>`;
const weather = block('{"name": "get_weather", "parameters": {"city": "Paris"}}');
const search = block('{"name": "search", "parameters": {"query": "rain"}}');

historySuite('history of the internlm format, as its chat format writes it', [
  {
    format: 'internlm',
    template: 'InternLM/InternLM chat/chat_format.md@2270e6f0255407bc90f0abf32b6b5590d494f682',
    cases: {
      'one call': weather,
      'two calls': `${weather}\n${search}`,
      'text and a call': `Checking.${weather}`,
      'calls and results': { each: [ok, ok], why: "InternLM's environment turn" },
    },
  },
]);
