/**
 * TOOL_RESULT_FILES: an image in a tool result, as Codex CLI's `view_image`
 * answers (a `function_call_output` whose output is `input_text` /
 * `input_image` parts; the request below is scripted in that shape), reaches
 * an emulated upstream as a placeholder line by default, and as the image
 * itself with `attach`.
 */
import { describe, expect, it } from 'vitest';
import { upstreamBodyFromEnv } from '../test/fake-upstream.ts';
import { proxyOptionsFromEnv } from './env-options.ts';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

const body = {
  model: 'qwen3-coder',
  input: [
    { role: 'user', content: 'What is in shot.png?' },
    { type: 'function_call', call_id: 'c1', name: 'view_image', arguments: '{"path":"shot.png"}' },
    {
      type: 'function_call_output',
      call_id: 'c1',
      output: [
        { type: 'input_text', text: 'shot.png' },
        { type: 'input_image', image_url: `data:image/png;base64,${PIXEL}` },
      ],
    },
  ],
  tools: [
    {
      type: 'function',
      name: 'view_image',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  ],
};

async function upstreamMessages(env: Record<string, string>): Promise<string> {
  return JSON.stringify((await upstreamBodyFromEnv(env, '/v1/responses', body, 'A red pixel.')).messages);
}

describe('TOOL_RESULT_FILES', () => {
  it('unset: the model is told a file came, and no image is sent', async () => {
    const sent = await upstreamMessages({});
    expect(sent).not.toContain(PIXEL);
    expect(sent).toContain('[file: image/png]');
  });

  it('attach: the image goes upstream as an image part after the results', async () => {
    const sent = await upstreamMessages({ TOOL_RESULT_FILES: 'attach' });
    expect(sent).toContain(`"url":"data:image/png;base64,${PIXEL}"`);
  });

  it('any other value names the variable and the values it takes', () => {
    expect(() => proxyOptionsFromEnv({ TOOL_RESULT_FILES: 'inline' })).toThrow(
      'TOOL_RESULT_FILES must be "placeholder" or "attach"',
    );
  });
});
