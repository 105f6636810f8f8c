/**
 * Telling a forgotten close tag from value text, in the XML formats whose
 * values are raw text. Models leave a value's close tag out and go straight
 * on to the next parameter: Qwen3-Coder `Dallas\n<parameter=state>` (vLLM
 * tests/tool_parsers/test_qwen3coder_tool_parser.py@049d8df2,
 * test_extract_tool_calls_missing_closing_parameter_tag), GLM
 * `<arg_value>1<arg_key>b</arg_key>` (ollama/ollama
 * model/parsers/glm46_test.go@b517b9bd, "missing </arg_value> before next
 * arg_key"). But a value may hold that very tag as text (code that writes
 * the format, a doc quoting it). So the tag ends the value only when it names
 * a parameter of the called tool not given yet, as vLLM's Qwen3-Coder parser
 * also decides (vllm/tool_parsers/qwen3coder_tool_parser.py@00d0a333,
 * `_next_structural_param_start` with the unseen names); any identifier when
 * the schema lists no parameters.
 */

import { unwrapSchema } from '../../coerce/schema.ts';

/** A name a parameter could have, when the schema lists none. */
const PARAM_NAME = /^[A-Za-z_][\w.-]*$/;

/** The `properties` of a tool's input schema ({} when it has none), through the AI SDK's `{ jsonSchema }` wrapper. */
export function schemaProperties(schema: unknown): Record<string, unknown> {
  const props = unwrapSchema(schema)?.properties;
  return typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
}

export interface GivenParams {
  add(name: string): void;
  /** Whether a tag naming `name` inside a value is the next parameter (see above). */
  isNext(name: string): boolean;
}

/** The parameters one call has given so far. */
export function givenParams(properties: Record<string, unknown>): GivenParams {
  const given = new Set<string>();
  const listed = Object.keys(properties).length > 0;
  return {
    add(name) {
      given.add(name);
    },
    isNext: (name) => !given.has(name) && (listed ? Object.hasOwn(properties, name) : PARAM_NAME.test(name)),
  };
}
