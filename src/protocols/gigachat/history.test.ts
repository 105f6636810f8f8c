/**
 * History of the gigachat format, as GigaChat 3's template writes it (ggml-org/llama.cpp
 * models/templates/GigaChat3-10B-A1.8B.jinja@6f9ffbd9dba6b4b0311dba3c72ff1960f13edd74), read from its
 * `render_role_message` and `render_function_call` macros rather than rendered: each message is
 * role + `<|role_sep|>\n` + content + `<|message_sep|>\n\n`, and a turn with tool_calls is the assistant's
 * message (its content, '' for none) followed by one `function call` message holding
 * `{"name": "…", "arguments": ` + the arguments' tojson + `}`. toolshim's text is the assistant's content, so
 * it ends where the template's assistant content ends and carries the call message up to its separator, which
 * the template adds. Each result is a `function result` message of its own.
 */
import { historySuite } from '../../test/history-harness.ts';

const ok = '{"ok":true}';
const callMessage = (json: string) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${json}`;
const weather = callMessage('{"name": "get_weather", "arguments": {"city": "Paris"}}');
const search = callMessage('{"name": "search", "arguments": {"query": "rain"}}');

historySuite('history of the gigachat format, as its template writes it', [
  {
    format: 'gigachat',
    template: 'ggml-org/llama.cpp models/templates/GigaChat3-10B-A1.8B.jinja@6f9ffbd9dba6b4b0311dba3c72ff1960f13edd74',
    cases: {
      'one call': weather,
      'text and a call': `Checking.${weather}`,
      'two calls': {
        differs: true,
        template: weather,
        toolshim: `${weather}${search}`,
        why: "the template writes only a turn's first call (tool_calls[0]); toolshim keeps the second as a further call message",
      },
      'calls and results': { each: [ok, ok], why: "GigaChat's function result message" },
    },
  },
]);
