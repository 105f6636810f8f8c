/**
 * A call that opens with `<function=NAME>`, told apart by what follows the `>`:
 *   Llama 3.1 custom tools   <function=get_weather>{"city": "Paris"}</function>
 *   Qwen3-Coder (no opener)  <function=get_weather>\n<parameter=city>…
 * Llama 3.1's form is meta-llama/llama-models models/llama3_1/prompts.py@bf5b0c4f
 * (`<function=spotify_trending_songs>{"n": "5"}</function>`); Functionary v3.1
 * writes it too. The tag could be prose about a format, so the JSON form
 * counts only for a declared tool; anything else is quietly text, unless the
 * format reads parameter tags (`parameters`).
 */
import { declaredName } from '../call-sink.ts';
import type { Section, SectionEnv, SectionOpener } from '../section.ts';
import { keepMarkerAsText, openByPrefix } from './basic.ts';
import { openJsonCalls } from './json-calls.ts';

export function openFunctionTag(
  env: SectionEnv,
  marker: string,
  parameters?: (env: SectionEnv, raw: string, name: string) => Section,
): Section {
  return openByPrefix(env, marker, (read): SectionOpener | undefined => {
    const close = read.indexOf('>');
    if (close < 0) return read.length > 128 ? keepMarkerAsText : undefined;
    if (close === read.length - 1) return undefined; // decided by what follows the `>`
    return (e, raw) => {
      // The name as written, blanks included (`<function=get weather>`): the prefix holds them.
      const name = raw.slice(marker.length, raw.lastIndexOf('>'));
      const declared = declaredName(name, e.context.tools);
      if (read.endsWith('{') && declared !== undefined) {
        return openJsonCalls(e, raw, { end: '</function>', defaultToolName: declared });
      }
      return parameters === undefined ? keepMarkerAsText(e, raw) : parameters(e, raw, name);
    };
  });
}
