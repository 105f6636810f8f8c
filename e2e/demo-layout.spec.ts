/**
 * The demo page's first screen, as a visitor judges it: the controls in one
 * line, every pane whole above the fold at 1280×800, the conversation on
 * the first screen at 390×844, hints written as text (no Markdown), and the
 * raw pane showing only the engine picked. Screenshots of both sizes are
 * kept with the results (test-results/e2e/…).
 */
import { expect, type Page, type TestInfo, test } from '@playwright/test';

async function runOnce(page: Page, query = 'delay=0'): Promise<void> {
  await page.goto(`/?${query}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
}

async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize();
  const path = testInfo.outputPath(`${name}-${size?.width}x${size?.height}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height) };
  });

test('at 1280×800 the four controls share one line and height, and all three panes show whole', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await runOnce(page);
  const controls = await Promise.all(['#engine', '#protocol', '#tool-choice', '#pace'].map((s) => box(page, s)));
  const first = controls[0];
  for (const control of controls) expect(control).toEqual(first);
  const panes = await page.locator('.pane').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()));
  expect(panes).toHaveLength(3);
  for (const pane of panes) {
    expect(pane.bottom).toBeLessThanOrEqual(800);
    // Not a sliver: most of the screen's height below the controls.
    expect(pane.height).toBeGreaterThan(350);
  }
  await keep(page, testInfo, 'first-screen');
});

test('at 390×844 the first screen shows the conversation, not only controls', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await runOnce(page);
  const conversation = await box(page, '.pane:first-of-type');
  // More than a third of the first screen is the conversation pane.
  expect(conversation.top).toBeLessThan(844 * 0.6);
  await expect(page.locator('#conversation [data-role="assistant-text"]')).toBeInViewport();
  await keep(page, testInfo, 'first-screen');
});

test('the Worker hints are text with code marked up, not Markdown backticks', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Engine').selectOption('proxy');
  const hint = page.locator('#proxy-message');
  await expect(hint.locator('code')).toHaveText('npm run demo');
  expect(await hint.textContent()).not.toContain('`');
  await page.getByLabel('Tool calling done').selectOption('worker');
  await expect(hint.locator('code')).toHaveText(['tool_calls', 'PROTOCOL']);
  expect(await hint.textContent()).not.toContain('`');
});

test('switching the engine clears the raw pane of the previous engine’s runs', async ({ page }) => {
  await runOnce(page);
  const rawText = page.locator('#raw [data-role="raw-text"]');
  await expect(rawText.first()).toBeVisible();
  // Another control keeps it: only an engine switch makes those runs another model's.
  await page.getByLabel('Tool choice').selectOption('required');
  await expect(rawText.first()).toBeVisible();
  await page.getByLabel('Engine').selectOption('proxy');
  await expect(rawText).toHaveCount(0);
  await expect(page.locator('#raw .empty')).toBeVisible();
  // The conversation stays: the next request continues it on the new engine.
  await expect(page.locator('#conversation [data-role="assistant-text"]')).toHaveCount(1);
});
