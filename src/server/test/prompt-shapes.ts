/**
 * What the doors' request readers should make of a client's tool turn, in
 * the AI SDK prompt shape: written once for the Messages and Responses tests,
 * which send the same turn in their own wire shapes.
 */
import type { LanguageModelV4Message, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';

export interface WeatherCall {
  id: string;
  city: string;
  output: LanguageModelV4ToolResultOutput;
}

/** An assistant turn that thought "Two cities.", said "Checking." and called get_weather per city; then the results. */
export function weatherCallTurn(calls: WeatherCall[]): LanguageModelV4Message[] {
  return [
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two cities.' },
        { type: 'text', text: 'Checking.' },
        ...calls.map(({ id, city }) => ({
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: 'get_weather',
          input: { city },
        })),
      ],
    },
    {
      role: 'tool',
      content: calls.map(({ id, output }) => ({
        type: 'tool-result' as const,
        toolCallId: id,
        toolName: 'get_weather',
        output,
      })),
    },
  ];
}

/** A tool result of `text` and a one-pixel PNG, as the readers make it from either door's image result. */
export function textAndPngOutput(text: string): LanguageModelV4ToolResultOutput {
  return {
    type: 'content',
    value: [
      { type: 'text', text },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
    ],
  };
}
