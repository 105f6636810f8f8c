/**
 * The built demo page in Chromium, with the offline replay engine. The replay
 * streams scripted sample output token by token; `?delay=` sets the pace.
 */
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { FORMAT_NAMES, protocolByName } from '../src/index.ts';

const status = (page: Page) => page.locator('#status');
const events = (page: Page, type: string) => page.locator(`#events [data-event="${type}"]`);
const answer = (page: Page) => page.locator('#conversation [data-role="assistant-text"]');

async function send(page: Page, prompt: string, query = 'delay=0'): Promise<void> {
  await page.goto(`/?${query}`);
  await page.getByLabel('Message').fill(prompt);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

async function done(page: Page): Promise<void> {
  await expect(status(page)).toHaveAttribute('data-state', 'done');
}

async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

test('tool-call arguments fill in the events pane before the stream finishes', async ({ page }, testInfo) => {
  await send(page, "What's the weather in Seoul?", 'delay=60');
  // One atomic look at the page, taken the moment the city is half-way in.
  const midway = await page.waitForFunction(() => {
    const args = document.querySelector('#events [data-role="args"]')?.textContent ?? '';
    if (!args.includes('"city":"Se')) return false;
    return {
      args,
      toolCalls: document.querySelectorAll('#events [data-event="tool-call"]').length,
      toolInputEnds: document.querySelectorAll('#events [data-event="tool-input-end"]').length,
      state: document.querySelector('#status')?.getAttribute('data-state'),
      openMark: document.querySelectorAll('#raw mark.call.open').length,
    };
  });
  const seen = (await midway.jsonValue()) as {
    args: string;
    toolCalls: number;
    toolInputEnds: number;
    state: string;
    openMark: number;
  };
  await snap(page, testInfo, 'mid-stream');
  expect(seen.state).toBe('streaming');
  expect(seen.toolCalls).toBe(0);
  expect(seen.toolInputEnds).toBe(0);
  expect(seen.openMark).toBe(1); // the raw pane marks the call while it is still open
  expect(() => JSON.parse(seen.args)).toThrow(); // still partial JSON
  expect(seen.args.startsWith('{"city":"Se')).toBe(true);

  await done(page);
  await expect(events(page, 'tool-input-delta').locator('pre')).toHaveText('{"city":"Seoul","unit":"celsius"}');
  await expect(events(page, 'tool-call').locator('pre')).toContainText('"city": "Seoul"');
});

test('the tool runs in the browser and the final answer uses its result', async ({ page }) => {
  await send(page, "What's the weather in Seoul?");
  await done(page);
  await expect(page.locator('#conversation [data-role="tool-result"]')).toContainText('"temperature": 18');
  await expect(events(page, 'tool-result')).toHaveCount(1);
  await expect(answer(page)).toHaveText('It is 18°C and partly cloudy in Seoul.');
  await expect(events(page, 'finish')).toContainText('stop');
});

// Every format toolshim names: the scripted model writes the call with that format's own renderer.
for (const protocol of FORMAT_NAMES) {
  test(`protocol ${protocol}: the call is parsed, run and answered`, async ({ page }) => {
    const written = protocolByName(protocol).formatToolCall({
      toolCallId: 'call_1',
      toolName: 'calculator',
      input: { expression: '23 * 7 + 4' },
    });
    await send(page, 'What is 23 * 7 + 4?', `protocol=${protocol}&delay=0`);
    await done(page);
    await expect(page.locator('#protocol')).toHaveValue(protocol);
    await expect(page.locator('#raw [data-role="raw-text"]').first()).toContainText(written.slice(0, 24));
    await expect(page.locator('#raw mark.call').first()).toBeVisible();
    await expect(events(page, 'tool-call')).toContainText('calculator');
    await expect(page.locator('#conversation [data-role="tool-result"]')).toContainText('"result": 165');
    await expect(answer(page)).toHaveText('23 * 7 + 4 = 165.');
    // No markup of the call leaks into the conversation.
    await expect(page.locator('#conversation')).not.toContainText('tool_call');
  });
}

for (const protocol of ['hermes', 'xml']) {
  test(`protocol ${protocol}: a malformed call shows the error and keeps the text`, async ({ page }) => {
    await send(page, 'Show me a malformed tool call', `protocol=${protocol}&delay=2`);
    await done(page);
    await expect(page.locator('#conversation [data-role="error"]')).toContainText(/malformed/i);
    await expect(events(page, 'error')).toHaveCount(1);
    await expect(events(page, 'tool-call')).toHaveCount(0);
    // The text before the call, the error where it happened, then the call's text, verbatim.
    await expect(answer(page).first()).toHaveText('Let me check that for you.\n');
    await expect(answer(page).last()).toContainText('get_weather');
    await expect(answer(page).last()).toContainText('Seoul');
    const order = await page
      .locator('#conversation > *')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-role')));
    expect(order.slice(-3)).toEqual(['assistant-text', 'error', 'assistant-text']);
  });
}

test('a call the parser aborted is marked aborted with the reason, its raw text shown once, no empty boxes', async ({
  page,
}) => {
  await send(page, 'Show me a malformed tool call', 'protocol=hermes&delay=0');
  await done(page);
  await expect(events(page, 'tool-call-aborted')).toHaveCount(1);
  await expect(events(page, 'tool-call-aborted')).toContainText(/no call was made; .*malformed/i);
  // One full stop between the reason and the next sentence ("not a JSON value.. Its" before).
  await expect(events(page, 'tool-call-aborted')).not.toContainText('..');
  await expect(events(page, 'tool-call')).toHaveCount(0);
  // The raw call text appears once in the events pane (the text event), not again under the error.
  const eventsText = (await page.locator('#events').textContent()) ?? '';
  expect(eventsText.split('"get_weather"').length - 1).toBe(1);
  const empty = await page
    .locator('#events pre')
    .evaluateAll((pres) => pres.filter((p) => p.textContent === '').length);
  expect(empty).toBe(0);
});

test('each tool-choice mode is explained beside the control', async ({ page }) => {
  await page.goto('/?delay=0');
  const help = page.locator('#tool-choice-help');
  await expect(help).toContainText('auto: the model may call a tool');
  await page.locator('#tool-choice').selectOption('required');
  await expect(help).toContainText('required: the first reply must be a call');
  await page.locator('#tool-choice').selectOption('none');
  await expect(help).toContainText('none: the tools are not offered');
});

test('the built-in model choice is disabled with the reason where the browser has no Prompt API', async ({ page }) => {
  await page.goto('/?delay=0');
  const option = page.locator('#engine option[value="builtin"]');
  await expect(option).toBeDisabled();
  await expect(option).toHaveText('Built-in model (not available here)');
  await expect(option).toHaveAttribute('title', /needs Chrome or Edge with the Prompt API and its model/);
  // No note about the built-in model while another engine is picked.
  await expect(page.getByLabel('Engine')).toHaveValue('replay');
  await expect(page.locator('#builtin-note')).toBeHidden();
});

test('the Pace setting shows for the Replay engine only', async ({ page }) => {
  await page.goto('/');
  const pace = page.getByLabel('Pace', { exact: true });
  await expect(pace).toBeVisible();
  for (const engine of ['webllm', 'proxy']) {
    await page.getByLabel('Engine').selectOption(engine);
    await expect(pace).toBeHidden();
  }
  // The built-in choice is disabled here; picking it by script shows the same.
  await page.getByLabel('Engine').evaluate((select: HTMLSelectElement) => {
    select.value = 'builtin';
    select.dispatchEvent(new Event('change'));
  });
  await expect(pace).toBeHidden();
  await page.getByLabel('Engine').selectOption('replay');
  await expect(pace).toBeVisible();
});

test('old format names in links still work (?protocol=xml is morph-xml)', async ({ page }) => {
  await page.goto('/?protocol=xml&delay=0');
  await expect(page.locator('#protocol')).toHaveValue('morph-xml');
});

test('a thinking model: its thinking streams into a collapsible pane, the call drafted in it is not run', async ({
  page,
}) => {
  await send(page, "Think first: what's the weather in Seoul?", 'delay=0');
  await done(page);
  const thinking = page.locator('#conversation [data-role="thinking"]');
  await expect(thinking).toHaveCount(1);
  await expect(thinking).toContainText('A draft: get_weather');
  await expect(thinking).not.toHaveAttribute('open', ''); // folded once the thinking ended
  await expect(events(page, 'tool-call')).toHaveCount(1);
  await expect(events(page, 'reasoning')).toHaveCount(1);
  await expect(page.locator('#raw .thinking-raw')).toContainText('A draft');
  await expect(answer(page).last()).not.toContainText('A draft');
  // The thinking markers are thinking, not a tool-call segment (the legend's yellow).
  await expect(page.locator('#raw .thinking-raw').first()).toContainText('<think>');
  await expect(page.locator('#raw .thinking-raw').first()).toContainText('</think>');
  await expect(page.locator('#raw mark.call')).toHaveCount(1);
  await expect(page.locator('#raw mark.call')).not.toContainText('think>');
});

test('the reasoning row in Parsed events appears while the thinking streams, not after it', async ({ page }) => {
  await send(page, "Think first: what's the weather in Seoul?", 'delay=40');
  // One look at the page the moment the thinking is under way.
  const seen = await page.waitForFunction(() => {
    const thinking = document.querySelector('#conversation [data-role="thinking"] .thinking-text')?.textContent ?? '';
    if (!thinking.includes('weather')) return false;
    return {
      rows: document.querySelectorAll('#events [data-event="reasoning"]').length,
      streaming: document.querySelector('#events [data-event="reasoning"]')?.getAttribute('data-state'),
      calls: document.querySelectorAll('#events [data-event="tool-input-start"]').length,
      status: document.querySelector('#status')?.getAttribute('data-state'),
    };
  });
  expect(await seen.jsonValue()).toEqual({ rows: 1, streaming: 'streaming', calls: 0, status: 'streaming' });
  await done(page);
  await expect(events(page, 'reasoning')).toHaveCount(1);
  await expect(events(page, 'reasoning')).toHaveAttribute('data-state', 'done');
  await expect(events(page, 'reasoning').locator('pre')).toContainText('A draft: get_weather');
});

test('a request in parts: "… Then add 2 and 40" makes the weather call, then the sum, and answers both', async ({
  page,
}) => {
  await send(page, "What's the weather in Tokyo? Then add 2 and 40");
  await done(page);
  await expect(events(page, 'tool-call')).toHaveCount(2);
  await expect(events(page, 'tool-call').first()).toContainText('get_weather');
  await expect(events(page, 'tool-call').last()).toContainText('calculator');
  await expect(events(page, 'tool-call').last()).toContainText('2 + 40');
  await expect(page.locator('#conversation')).toContainText('It is 22°C and sunny in Tokyo.');
  await expect(answer(page).last()).toHaveText('2 + 40 = 42.');
});

test('tool choice required with a request no tool fits: an answer in words and the reason no call came', async ({
  page,
}) => {
  await send(page, 'Tell me a joke', 'toolChoice=required&delay=0');
  await expect(status(page)).toHaveAttribute('data-state', /done|error/);
  await expect(events(page, 'tool-call')).toHaveCount(0);
  await expect(page.locator('#conversation')).not.toContainText('Seoul');
  await expect(answer(page).first()).toContainText('replay mode');
  // toolshim says why, then the AI SDK's own error for a required call that did not come, each named.
  const errors = page.locator('#conversation [data-role="error"]');
  await expect(errors).toHaveCount(2);
  await expect(errors.first()).toHaveText(
    'toolshim: toolChoice "required" asked for a tool call, but the model answered without one; its text was kept.',
  );
  await expect(errors.last()).toContainText('AI SDK: Model response did not contain a tool call');
});

test('tool choice none: no tools offered, no call made', async ({ page }) => {
  await send(page, "What's the weather in Seoul?", 'toolChoice=none');
  await done(page);
  await expect(answer(page)).toContainText("can't check live weather");
  await expect(events(page, 'tool-input-start')).toHaveCount(0);
  await expect(events(page, 'tool-call')).toHaveCount(0);
  await expect(page.locator('#raw mark.call')).toHaveCount(0);
});

test('tool choice required: a bare JSON call first, then the answer', async ({ page }) => {
  await send(page, "What's the weather in Tokyo?", 'toolChoice=required&delay=2');
  await done(page);
  await expect(page.locator('#raw [data-role="raw-text"]').first()).toHaveText(
    '{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}',
  );
  await expect(events(page, 'tool-call')).toHaveCount(1);
  await expect(answer(page)).toHaveText('It is 22°C and sunny in Tokyo.');
});

test('a named tool choice forces that tool', async ({ page }) => {
  await page.goto('/?delay=0');
  await page.getByLabel('Tool choice').selectOption('tool:calculator');
  await page.getByLabel('Message').fill('What is 6 * 7?');
  await page.getByLabel('Message').press('Enter'); // keyboard submit
  await done(page);
  await expect(events(page, 'tool-call')).toContainText('calculator');
  await expect(answer(page)).toHaveText('6 * 7 = 42.');
});

test('parallel calls: two calls in one step, both results in the answer', async ({ page }) => {
  await send(page, 'Compare the weather in Seoul and Tokyo', 'delay=1');
  await done(page);
  await expect(events(page, 'tool-call')).toHaveCount(2);
  await expect(page.locator('#raw mark.call')).toHaveCount(2);
  await expect(answer(page).first()).toHaveText("I'll check Seoul and Tokyo at the same time.\n");
  await expect(answer(page).last()).toHaveText('It is 18°C and partly cloudy in Seoul. It is 22°C and sunny in Tokyo.');
});

test('multi-step: weather, then a note made from it, then the answer; notes persist', async ({ page }) => {
  await send(page, 'Check the weather in Paris and save it as a note', 'delay=1');
  await done(page);
  await expect(page.locator('#raw .raw-step')).toHaveCount(3);
  await expect(page.locator('#conversation [data-role="tool-call"]')).toHaveCount(2);
  await expect(page.locator('#conversation [data-tool="add_note"]')).toContainText(
    'It is 14°C and light rain in Paris',
  );
  await expect(answer(page).last()).toHaveText("Done! I saved a note with today's weather in Paris.");

  await page.getByLabel('Message').fill('Show my notes');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page).last()).toHaveText('You have 1 note:\n- It is 14°C and light rain in Paris');
});

test('Stop aborts a running stream', async ({ page }) => {
  await send(page, "What's the weather in Seoul?", 'delay=150');
  await expect(events(page, 'start-step')).toHaveCount(1);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText('Stopped');
  await expect(events(page, 'tool-result')).toHaveCount(0);
});

test('WebLLM without WebGPU says so and cannot load', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Engine').selectOption('webllm');
  await expect(page.locator('#webllm-message')).toContainText('WebGPU');
  await expect(page.getByRole('button', { name: 'Load model' })).toBeDisabled();
  await expect(page.getByLabel('Model', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Weight download progress' })).toBeVisible();
});

test('every control is labelled and reachable by keyboard', async ({ page }) => {
  await page.goto('/');
  for (const label of ['Engine', 'Protocol', 'Tool choice', 'Pace', 'Message']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the prompt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused();
});

test('mobile width: no horizontal scrolling, panes stacked', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await send(page, 'Compare the weather in Seoul and Tokyo');
  await done(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // No select cuts its text: every option fits its box when picked (long format names were cut before).
  const cut = await page.locator('.controls select').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const misfits: string[] = [];
    for (const select of selects as HTMLSelectElement[]) {
      if (select.getClientRects().length === 0) continue;
      const style = getComputedStyle(select);
      context.font = style.font;
      // The room for text: the box less its padding and the drop-down arrow (about 24 px in Chromium).
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 24;
      for (const option of select.options) {
        if (!option.disabled && context.measureText(option.text).width > room)
          misfits.push(`${select.id}: ${option.text}`);
      }
    }
    return misfits;
  });
  expect(cut).toEqual([]);
  const [a, b] = await page
    .locator('.pane')
    .evaluateAll((panes) => panes.slice(0, 2).map((p) => p.getBoundingClientRect().top));
  expect(b).toBeGreaterThan(a as number);
  await snap(page, testInfo, 'mobile');
});

test('desktop screenshot of a finished multi-step run', async ({ page }, testInfo) => {
  await send(page, 'Check the weather in Seoul and save it as a note', 'delay=8');
  await done(page);
  await page.locator('#prompt').blur();
  const path = testInfo.outputPath('desktop.png');
  await page.screenshot({ path });
  await testInfo.attach('desktop', { path, contentType: 'image/png' });
  // The README image is refreshed on request only, so the suite never rewrites tracked files.
  if (process.env.UPDATE_DEMO_SCREENSHOT === '1') await page.screenshot({ path: 'demo/screenshot.png' });
});
