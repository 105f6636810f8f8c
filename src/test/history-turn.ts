/**
 * What the model is sent for an earlier assistant turn: one user message, the
 * assistant turn (optional text, then tool calls), the tool results, run through
 * the middleware with a mock model; returns the assistant message's text as the
 * engine receives it. History tests compare it with a rendered template.
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { mockModel } from './harness.ts';

export interface HistoryTurn {
  text?: string | undefined;
  calls: Array<{ name: string; input: Record<string, unknown> }>;
}

export async function assistantTurnText(
  protocol: ToolCallProtocol,
  { text, calls }: HistoryTurn,
  tools: LanguageModelV4FunctionTool[],
): Promise<string> {
  const prompt: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `c${i}`, toolName: c.name, input: c.input })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((c, i) => ({
        type: 'tool-result' as const,
        toolCallId: `c${i}`,
        toolName: c.name,
        output: { type: 'json' as const, value: { ok: true } },
      })),
    },
  ];
  const inner = mockModel(['ok']);
  const model = wrapLanguageModel({ model: inner, middleware: createToolMiddleware({ protocol }) });
  await model.doGenerate({ prompt, tools });
  const assistant = inner.doGenerateCalls[0]?.prompt.find((m) => m.role === 'assistant');
  if (assistant === undefined) throw new Error('the model got no assistant turn');
  return (assistant.content as Array<{ type: string; text?: string }>).map((p) => p.text ?? '').join('');
}
