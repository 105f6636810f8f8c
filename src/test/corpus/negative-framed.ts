/**
 * Prose that mentions tools, markers, JSON, XML, code and Python calls and
 * must give no call in any preset or auto. Synthetic: each
 * snippet is written by us and put in four realistic framings (docs page,
 * chat answer, code review, quoted in a question).
 */
import { allTools } from './tools.ts';
import type { NegativeCase } from './types.ts';

const SNIPPETS: Array<[string, string]> = [
  ['hermes tag', 'the tag `<tool_call>` wraps a JSON object'],
  ['qwen3-coder tag', 'Qwen3-Coder writes `<function=name>` followed by parameters'],
  ['mistral token', 'Mistral models emit the [TOOL_CALLS] token before a list'],
  ['harmony tokens', 'gpt-oss uses <|channel|> and <|message|> tokens in its format'],
  ['kimi tokens', 'Kimi wraps calls in <|tool_calls_section_begin|> sections'],
  ['deepseek tokens', 'DeepSeek uses the <｜tool▁calls▁begin｜> marker'],
  ['json in prose', 'a response looks like {"status": "ok"} when nothing fails'],
  ['python call inline', 'you can call len(items) to count them'],
  ['python call example', 'try print("hello") in the REPL first'],
  ['list of calls in prose', 'functions like open(), read() and close() are common'],
  ['xml config', 'the config has <server><port>8080</port></server> in it'],
  ['html snippet', 'use <div class="note">text</div> for notes'],
  ['json array', 'the API returns [1, 2, 3] for that query'],
  ['minimax tag', 'MiniMax calls start with the minimax:tool_call tag'],
  ['glm tags', 'GLM uses <arg_key> and <arg_value> pairs'],
  ['think tag', 'reasoning models put their thoughts between think tags'],
  ['tool name mention', 'the get_weather tool needs a location argument'],
  ['shell command', 'run `git status` before committing'],
  ['name/arguments keys', 'each call has a "name" and an "arguments" field'],
  ['gemma fence', 'Gemma 3 writes tool_code fences for Python'],
  ['llama python tag', 'Llama 3.1 can use the <|python_tag|> token for code'],
  ['function signature', 'def search(query: str, limit: int = 5) -> list'],
  ['end tokens', 'chat templates end turns with <|im_end|> or <|eot_id|>'],
  ['jinja placeholder', 'the template prints {{ tool_call.name }} for each call'],
  ['escaped quotes', 'write \\"quoted\\" strings inside JSON values'],
];

const FRAMES: Array<[string, (s: string) => string]> = [
  ['docs', (s) => `## Tool calling\n\nIn this format, ${s}. See the reference for details.`],
  ['chat', (s) => `Good question! Basically ${s}, so you do not need to do anything special.`],
  ['review', (s) => `Nit: in this PR ${s}; please add a test for that case.`],
  ['quote', (s) => `A user asked: "Why does it say that ${s}?" The short answer is: it is by design.`],
];

export const framedNegativeCorpus: NegativeCase[] = SNIPPETS.flatMap(([name, snippet]) =>
  FRAMES.map(([kind, frame]) => ({ name: `${name} (${kind})`, kind, text: frame(snippet), tools: allTools })),
);
