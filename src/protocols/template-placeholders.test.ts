/**
 * A template's example call quoted back in prose is no call. Its
 * tool name is the template's placeholder (`example_function_name`,
 * `tool-name-1`, `function_name`, …), which call-sink.ts's callableName
 * refuses unless a tool of that name is declared. So in every format, through
 * its preset and through auto, in every chunking, the block stays text, and
 * formats that report a broken block report it (`malformed-tool-call`); the
 * bare-answer formats (a list at the start of the answer) stay quiet, as they
 * do for any text that proves not to be a call. A well-formed name that is no
 * placeholder still follows the unknown-tool policy: called, and reported.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, functionTool, streamParts, summarize } from '../test/harness.ts';
import { autoProtocol } from './auto/auto.ts';
import { findFormat } from './registry.ts';

const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];

interface Quote {
  preset: string;
  /** Where the example comes from. */
  source: string;
  text: string;
  errors: string[];
}

const quotes: Quote[] = [
  {
    preset: 'hermes',
    source: "toolshim's hermes prompt (hermes.ts)",
    text: 'Answer with:\n<tool_call>\n{"name": "function_name", "arguments": {"parameter": "value"}}\n</tool_call>',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'qwen3-coder',
    source: 'Qwen3-Coder template (llama.cpp models/templates/Qwen3-Coder.jinja@566059a2); QwenLM/Qwen3-Coder#475',
    text: 'Its format:\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n</function>\n</tool_call>\nThat is all.',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'minimax-m2',
    source: 'MiniMax-M2 template (llama.cpp models/templates/MiniMax-M2.jinja@1920345c)',
    text: 'Use XML:\n<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n<parameter name="param-key-2">param-value-2</parameter>\n</invoke>\n</minimax:tool_call>',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'glm',
    source: "toolshim's glm prompt (glm.ts)",
    text: 'Like this: <tool_call>function_name\n<arg_key>parameter</arg_key>\n<arg_value>value</arg_value>\n</tool_call> then stop.',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'deepseek',
    source:
      'DeepSeek-V3.1 template (llama.cpp models/templates/deepseek-ai-DeepSeek-V3.1.jinja@5e54d51b) names the tool tool_call_name; the JSON arguments are synthetic',
    text: 'Format: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'mistral',
    source: "toolshim's mistral prompt (mistral.ts)",
    text: 'Write [TOOL_CALLS]tool_name[ARGS]{"parameter": "value"} to call one.',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'gemma4',
    source: "toolshim's gemma4 prompt (gemma4.ts)",
    text: 'Use <|tool_call>call:function_name{parameter:<|"|>text value<|"|>,count:3}<tool_call|> to call.',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'olmo3',
    source: "toolshim's olmo3 prompt (olmo3.ts)",
    text: 'Write <function_calls>function_name(parameter="value", count=3)</function_calls> to call.',
    errors: ['malformed-tool-call'],
  },
  {
    preset: 'xlam',
    source: "xLAM's format instruction (Salesforce xLAM model cards) and toolshim's xlam prompt (xlam.ts)",
    text: '[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}}]',
    errors: [],
  },
  {
    preset: 'pythonic',
    source:
      "Llama 3.2's pythonic prompt (meta-llama/llama-models models/llama3_2/prompt_format.md) and toolshim's (pythonic.ts)",
    text: '[func_name1(param_name1="value1"), func_name2(param="value")]',
    errors: [],
  },
];

async function run(preset: string, chunks: string[], declared = tools) {
  const errors: string[] = [];
  const protocol = preset === 'auto' ? autoProtocol() : (findFormat(preset)?.create() as never);
  const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
  return { summary: summarize(await streamParts({ middleware, tools: declared }, chunks)), errors };
}

describe('a template placeholder as the tool name stays text', () => {
  for (const quote of quotes) {
    for (const preset of [quote.preset, 'auto']) {
      it(`${quote.preset} (${quote.source}) through ${preset}`, async () => {
        for (const { name, chunks } of chunkings(quote.text)) {
          const { summary, errors } = await run(preset, chunks);
          expect(summary.calls, name).toEqual([]);
          expect(summary.text, name).toBe(quote.text);
          expect(errors, name).toEqual(quote.errors);
        }
      });
    }
  }
});

describe('what the placeholder rule leaves alone', () => {
  it('a declared tool named like a placeholder is called', async () => {
    const declared = [functionTool('tool_name', { type: 'object', properties: { parameter: { type: 'string' } } })];
    const text = '<tool_call>\n{"name": "tool_name", "arguments": {"parameter": "value"}}\n</tool_call>';
    const { summary, errors } = await run('hermes', [text], declared);
    expect(summary.calls.map((c) => [c.toolName, c.input])).toEqual([['tool_name', { parameter: 'value' }]]);
    expect(errors).toEqual([]);
  });

  it('an undeclared well-formed name follows the unknown-tool policy', async () => {
    const text = '<tool_call>\n<function=book_table>\n<parameter=guests>\n2\n</parameter>\n</function>\n</tool_call>';
    for (const preset of ['qwen3-coder', 'auto']) {
      const { summary, errors } = await run(preset, [text]);
      // No schema to type it by: the value stays the text the model wrote.
      expect(summary.calls.map((c) => [c.toolName, c.input])).toEqual([['book_table', { guests: '2' }]]);
      expect(errors).toEqual(['unknown-tool']);
    }
  });

  it('names that only contain a placeholder word are no placeholders', async () => {
    const text = '<tool_call>\n{"name": "rename_function", "arguments": {}}\n</tool_call>';
    const { summary, errors } = await run('hermes', [text]);
    expect(summary.calls.map((c) => c.toolName)).toEqual(['rename_function']);
    expect(errors).toEqual(['unknown-tool']);
  });
});
