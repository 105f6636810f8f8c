/**
 * The Next.js chat page in Chromium, against the built app (`next start`)
 * on the scripted replay model: one call, parallel calls, a multi-step loop
 * through an approval, a denial, reasoning switched on and off with the
 * `reasoning` option, and a big argument that streams without freezing the
 * page.
 */
import { expect, type Page, test } from '@playwright/test';

const url = () => {
  const value = process.env.NEXT_APP_URL;
  if (!value) throw new Error('NEXT_APP_URL is not set: run through demo/next/playwright.config.ts');
  return value;
};

async function open(page: Page, pace: 'readable' | 'fast' = 'fast') {
  await page.goto(url());
  if (pace === 'fast') await page.getByTestId('pace').selectOption('0');
}

async function ask(page: Page, text: string) {
  await page.getByPlaceholder('Ask about the weather…').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const lastAnswer = (page: Page) => page.locator('[data-role="assistant"]').last();
const settled = (page: Page) => expect(page.getByTestId('messages')).toHaveAttribute('data-status', 'ready');

test('one call: the tool runs on the server and the answer reads its result', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'One call' }).click();
  const tool = lastAnswer(page).locator('[data-part="tool"][data-tool="get_weather"]');
  await expect(tool).toHaveAttribute('data-state', 'output-available');
  await expect(tool.getByTestId('tool-input')).toHaveText('{"city":"Seoul","unit":"celsius"}');
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText('and sunny in Seoul');
});

test('parallel calls: two calls in one step, both answered', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Parallel calls' }).click();
  await settled(page);
  const tools = lastAnswer(page).locator('[data-part="tool"][data-tool="get_weather"]');
  await expect(tools).toHaveCount(2);
  await expect(tools.nth(0)).toHaveAttribute('data-state', 'output-available');
  await expect(tools.nth(1)).toHaveAttribute('data-state', 'output-available');
  // Both calls sit in the same step: no step separator between them.
  await expect(lastAnswer(page).locator('hr')).toHaveCount(2);
  const answer = lastAnswer(page).locator('[data-part="text"]').last();
  await expect(answer).toContainText('Seoul');
  await expect(answer).toContainText('Tokyo');
});

test('multi-step loop: weather, then a note the user approves, then the answer', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Multi-step' }).click();
  const note = lastAnswer(page).locator('[data-part="tool"][data-tool="add_note"]');
  await expect(note).toHaveAttribute('data-state', 'approval-requested');
  await expect(lastAnswer(page).locator('[data-tool="get_weather"]')).toHaveAttribute('data-state', 'output-available');
  await note.getByRole('button', { name: 'Approve' }).click();
  await expect(note).toHaveAttribute('data-state', 'output-available');
  await settled(page);
  await expect(note.getByTestId('tool-output')).toContainText('"saved":"It is');
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText('I saved a note');
});

test('a denied tool never runs, and the model reads the denial', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Approval' }).click();
  const note = lastAnswer(page).locator('[data-part="tool"][data-tool="add_note"]');
  await note.getByRole('button', { name: 'Deny' }).click();
  await expect(note).toHaveAttribute('data-state', 'output-denied');
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText(
    'I did not save the note: The tool call was denied: the user said no',
  );
});

test('reasoning: shown when asked for, and switched off by reasoning "none"', async ({ page }) => {
  await open(page);
  // `high` reaches the model as Qwen3's " /think": the scripted model thinks before it calls.
  await page.getByTestId('reasoning').selectOption('high');
  await ask(page, 'What is the weather in Lisbon?');
  await settled(page);
  const thinking = lastAnswer(page).locator('[data-part="reasoning"]');
  await expect(thinking).toHaveCount(1);
  await expect(thinking).toContainText('A draft: get_weather');
  // The call drafted inside the thinking is never run: one call only.
  await expect(lastAnswer(page).locator('[data-part="tool"]')).toHaveCount(1);

  // `none` is " /no_think": even a request to think gets no thinking.
  await page.getByTestId('reasoning').selectOption('none');
  await ask(page, 'Think first: what is the weather in Paris?');
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="tool"]')).toHaveCount(1);
  await expect(lastAnswer(page).locator('[data-part="reasoning"]')).toHaveCount(0);
});

/**
 * Starts a heartbeat in the page: the longest gap between animation frames
 * and the longest task (PerformanceObserver 'longtask'), i.e. how long the
 * page could not paint or take input.
 */
async function startHeartbeat(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { heartbeat: { maxGap: number; longestTask: number; frames: number } };
    w.heartbeat = { maxGap: 0, longestTask: 0, frames: 0 };
    let last = performance.now();
    const tick = (now: number) => {
      w.heartbeat.maxGap = Math.max(w.heartbeat.maxGap, now - last);
      w.heartbeat.frames++;
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.heartbeat.longestTask = Math.max(w.heartbeat.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

const heartbeat = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { heartbeat: { maxGap: number; longestTask: number; frames: number } }).heartbeat,
  );

test('a 300 KB argument streams into the page without freezing it', async ({ page }) => {
  await open(page);
  await startHeartbeat(page);
  const started = Date.now();
  await page.getByRole('button', { name: 'Big argument' }).click();
  const tool = lastAnswer(page).locator('[data-part="tool"][data-tool="write_file"]');
  // While it streams, the page shows the argument growing.
  await expect(tool.getByTestId('tool-input')).toContainText('content:');
  await expect(tool).toHaveAttribute('data-state', 'output-available', { timeout: 60_000 });
  await settled(page);
  const seconds = (Date.now() - started) / 1000;
  await expect(tool.getByTestId('tool-output')).toHaveText('{"path":"big.js","characters":307200}');
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText(
    'Wrote big.js (307,200 characters)',
  );
  const beat = await heartbeat(page);
  console.log(
    `300 KB argument: ${seconds.toFixed(1)} s, longest frame gap ${beat.maxGap.toFixed(0)} ms, longest task ${beat.longestTask.toFixed(0)} ms, ${beat.frames} frames`,
  );
  // Grouped deltas keep each of useChat's re-parses cheap; one per chunk would block for seconds (next test).
  expect(beat.longestTask).toBeLessThan(500);
  expect(beat.maxGap).toBeLessThan(1000);
});

test('the same with grouping off blocks the page far longer (why the default groups)', async ({ page }) => {
  await open(page);
  await page.getByTestId('grouping').uncheck();
  await startHeartbeat(page);
  await ask(page, 'Write a 40 KB file');
  const tool = lastAnswer(page).locator('[data-part="tool"][data-tool="write_file"]');
  await expect(tool).toHaveAttribute('data-state', 'output-available', { timeout: 60_000 });
  await settled(page);
  const off = await heartbeat(page);

  await page.getByTestId('grouping').check();
  await startHeartbeat(page);
  await ask(page, 'Write a 40 KB file');
  await expect(lastAnswer(page).locator('[data-part="tool"][data-tool="write_file"]')).toHaveAttribute(
    'data-state',
    'output-available',
  );
  await settled(page);
  const on = await heartbeat(page);
  console.log(
    `40 KB argument, longest task: grouping off ${off.longestTask.toFixed(0)} ms, on ${on.longestTask.toFixed(0)} ms; longest frame gap off ${off.maxGap.toFixed(0)} ms, on ${on.maxGap.toFixed(0)} ms`,
  );
  expect(off.maxGap).toBeGreaterThan(2 * on.maxGap);
});
