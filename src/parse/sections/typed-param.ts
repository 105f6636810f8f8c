/**
 * Parameters that say how to read their value, as DeepSeek V3.2's DSML writes them:
 *   <｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>    the text as it stands
 *   <｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>      JSON (numbers, booleans, lists, objects)
 * The V3.2 template writes `value if value is string else value | tojson`
 * (ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081), and llama.cpp's
 * tests read `string="false">["buy milk","walk dog"]` as a list and `-14` as a
 * number (unslothai/llama.cpp tests/test-chat.cpp@d32676d7, "DeepSeek V3.2 tests",
 * a fork that follows ggml-org's master). A `string="false"` value that is no JSON (the model
 * mislabelled prose) is kept as its text, as SGLang's DSML detector keeps it
 * (sgl-project/sglang test/registered/function_call/test_deepseekv32_detector.py@ce5e431b).
 */
import { parseRelaxedJson } from '../../json/json-value.ts';
import type { XmlArgsWriter } from '../readers/xml-args.ts';
import type { TextStage } from '../readers/xml-text.ts';

/**
 * The tag's text after `name=`: `"city" string="true"`. Quotes around either
 * value are optional (degraded output drops them); without `string=`, the
 * value is text, typed by the schema as every XML value is.
 */
const HEADER = /^\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))(?:\s+string\s*=\s*["']?(true|false)["']?)?\s*$/;

export interface TypedHeader {
  /** The parameter name, without its quotes. */
  name: string;
  /** The value is JSON (`string="false"`). */
  json: boolean;
}

/** Reads a typed parameter tag; a tag it cannot read is all name, as an untyped one would be. */
export function readTypedHeader(header: string): TypedHeader {
  // The header is at most MAX_TAG_LENGTH characters (collectTag), so this match is bounded.
  const match = HEADER.exec(header);
  if (match === null) return { name: header, json: false };
  return { name: match[1] ?? match[2] ?? match[3] ?? '', json: match[4] === 'false' };
}

/**
 * Collects a JSON value and writes it as what it parses to. It cannot stream:
 * `1` may still become `12`, and a value that turns out not to be JSON must
 * go out as the text it is.
 */
export function jsonValueStage(writer: XmlArgsWriter, name: string): TextStage {
  const parts: string[] = [];
  return {
    write: (text) => parts.push(text),
    end() {
      const text = parts.join('');
      const parsed = parseRelaxedJson(text);
      if (parsed.ok) writer.addJson(name, parsed.value);
      else writer.addValue(name, text);
    },
  };
}

/** How a section reads typed parameters; `dsmlValues` is DeepSeek V3.2's. */
export interface TypedValues {
  readHeader(header: string): TypedHeader;
  jsonStage(writer: XmlArgsWriter, name: string): TextStage;
}

export const dsmlValues: TypedValues = { readHeader: readTypedHeader, jsonStage: jsonValueStage };
