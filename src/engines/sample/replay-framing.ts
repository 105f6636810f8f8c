/**
 * The report an agent client wraps around a shell command's output, taken
 * off so the sample model quotes only what the command printed. Read in the
 * clients' shipped code:
 * - Codex CLI (`@openai/codex` 0.1xx binary, unified exec): header lines
 *   `Chunk ID: …`, `Wall time: … seconds`, `Process exited with code N` (or
 *   `Process running with session ID N`), `Original token count: N`, then
 *   `Output:` and the output on the lines after it; its older shell tool
 *   wrote `Exit code: N`, `Wall time: …`, `Output:`.
 * - Gemini CLI (`@google/gemini-cli` 0.61 bundle, run_shell_command):
 *   `Output: <output>` first, then `Error: …`, `Exit Code: N` (only when not
 *   0), `Signal: …`, `Background PIDs: …` and `Process Group PGID: N` lines.
 * A failure stays visible: a non-zero exit code is kept as `(exit code N)`.
 */

const CODEX_HEADER =
  /^(?:Chunk ID: .*|Wall time: .*|Process exited with code (-?\d+)|Process running with session ID .*|Original token count: .*|Total output lines: .*|Exit code: (-?\d+))$/;
const GEMINI_TRAILER = /^(?:Error: .*|Exit Code: (-?\d+)|Signal: .*|Background PIDs: .*|Process Group PGID: .*)$/;

/** The output, with a non-zero exit code noted on a line of its own. */
function withExitCode(output: string, code: string | undefined): string {
  return code !== undefined && code !== '0' ? `${output.trimEnd()}\n(exit code ${code})` : output;
}

/** Codex: known header lines, then `Output:` alone on its line. */
function codexOutput(lines: string[]): string | undefined {
  let code: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === 'Output:') return i > 0 ? withExitCode(lines.slice(i + 1).join('\n'), code) : undefined;
    const header = CODEX_HEADER.exec(line);
    if (!header) return undefined;
    code = header[1] ?? header[2] ?? code;
  }
  return undefined;
}

/** Gemini CLI: `Output: …` first, its known report lines last (the PGID line always, for a command that ran). */
function geminiOutput(lines: string[]): string | undefined {
  const first = lines[0];
  if (first === undefined || !first.startsWith('Output: ')) return undefined;
  let end = lines.length;
  let code: string | undefined;
  while (end > 1 && GEMINI_TRAILER.test(lines[end - 1] as string)) {
    code = GEMINI_TRAILER.exec(lines[end - 1] as string)?.[1] ?? code;
    end--;
  }
  if (end === lines.length) return undefined;
  const output = [first.slice('Output: '.length), ...lines.slice(1, end)].join('\n');
  return withExitCode(output === '(empty)' ? '' : output, code);
}

/** The command's output without the client's report around it; the text as it is when it has none. */
export function withoutClientFraming(text: string): string {
  const lines = text.split('\n');
  return codexOutput(lines) ?? geminiOutput(lines) ?? text;
}
