/**
 * What makes the chat page usable beyond the happy path: approvals left
 * open when the user moves on, notes kept per conversation, auto-scroll
 * that yields to the reader, and a layout that reads at 1280×800 and
 * 390×844 (screenshots of both kept with the results).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ask, keepScreenshot, lastAnswer, open, settled, shownJson, toolCard } from './helpers.ts';

test('an approval still waiting when the user sends a new message is cancelled, and the route is told', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Approval' }).click();
  // The first reply's card, wherever the last reply is.
  const note = toolCard(page.locator('[data-role="assistant"]').first(), 'add_note');
  await expect(note.getByTestId('tool-state')).toHaveText('Waiting for approval');
  await settled(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/chat'));
  await ask(page, 'What is the weather in Seoul?');
  // The history the route turns into the model's messages: the call, denied with the reason.
  const body = (await sent).postDataJSON() as { messages: Array<{ parts: Array<Record<string, unknown>> }> };
  const call = body.messages.flatMap((m) => m.parts).find((part) => part.type === 'tool-add_note');
  expect(call).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: /cancelled/ } });
  await expect(note.getByTestId('tool-state')).toHaveText('Cancelled');
  await expect(note).toHaveAttribute('data-state', 'output-denied');
  await expect(note.getByRole('button')).toHaveCount(0);
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText('and sunny in Seoul');
  // Nothing waits any more.
  await expect(page.getByText('Waiting for approval')).toHaveCount(0);
});

/** Saves one approved note in a new browser context (another browser session); returns its result. */
async function saveNoteIn(page: Page): Promise<unknown> {
  await open(page);
  await page.getByRole('button', { name: 'Approval' }).click();
  const note = toolCard(lastAnswer(page), 'add_note');
  await note.getByRole('button', { name: 'Approve' }).click();
  await settled(page);
  return shownJson(note.getByTestId('tool-output'));
}

test('notes belong to their conversation: another browser session starts with none', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    expect(await saveNoteIn(await first.newPage())).toMatchObject({ count: 1 });
    // A server-wide list would answer 2 here.
    expect(await saveNoteIn(await second.newPage())).toMatchObject({ count: 1 });
  } finally {
    await first.close();
    await second.close();
  }
});

const scrollState = (list: Locator) =>
  list.evaluate((el) => ({ top: el.scrollTop, gap: el.scrollHeight - el.scrollTop - el.clientHeight }));

test('auto-scroll follows a reply, yields when the user scrolls up, and comes back on request', async ({ page }) => {
  await open(page);
  const list = page.getByTestId('messages');
  // Enough conversation to scroll.
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Parallel calls' }).click();
    await settled(page);
  }
  // The page scrolls after it renders: wait for it to reach the bottom, which it must (a gap that stays fails).
  await expect.poll(async () => (await scrollState(list)).gap).toBeLessThan(5);

  await page.getByTestId('pace').selectOption('15');
  await page.getByRole('button', { name: 'Big argument' }).click();
  await expect(toolCard(lastAnswer(page), 'write_file')).toBeVisible();
  await list.hover();
  await page.mouse.wheel(0, -600);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  const readAt = (await scrollState(list)).top;
  await expect(toolCard(lastAnswer(page), 'write_file').getByTestId('tool-state')).toHaveText('Done', {
    timeout: 30_000,
  });
  // The reply grew below, and the reader's place did not move.
  const after = await scrollState(list);
  expect(after.top).toBe(readAt);
  expect(after.gap).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect.poll(async () => (await scrollState(list)).gap).toBeLessThan(5);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
});

/** Every word of the JSON blocks on one line: a word split across two lines gives two boxes. */
function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const pre of document.querySelectorAll('pre.json')) {
      const node = pre.firstChild;
      if (!node?.textContent) continue;
      for (const match of node.textContent.matchAll(/[\w°]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

const sizes: Array<[width: number, height: number]> = [
  [1280, 800],
  [390, 844],
];
for (const [width, height] of sizes) {
  test(`at ${width}×${height}: cards read whole, nothing overflows, the composer stays in view`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await open(page);
    await expect(page.getByText('Pick an example')).toBeVisible();
    await keepScreenshot(page, testInfo, 'empty');
    await page.getByRole('button', { name: 'Multi-step' }).click();
    await expect(toolCard(lastAnswer(page), 'add_note').getByRole('button', { name: 'Approve' })).toBeInViewport();
    await keepScreenshot(page, testInfo, 'approval');
    expect(await wordsSplitAcrossLines(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // No empty separator starts a reply: its first child is content.
    await expect(lastAnswer(page).locator('hr')).toHaveCount(0);
    await toolCard(lastAnswer(page), 'add_note').getByRole('button', { name: 'Approve' }).click();
    await settled(page);
    await expect(page.getByPlaceholder('Ask about the weather…')).toBeInViewport();
    await keepScreenshot(page, testInfo, 'answered');
  });
}
