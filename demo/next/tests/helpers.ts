/**
 * What the Next.js specs share: the app's URL and server log (from
 * server.ts), and the steps every spec takes on the chat page.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

function fromSetup(name: 'NEXT_APP_URL' | 'NEXT_SERVER_LOG'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through demo/next/playwright.config.ts`);
  return value;
}

export const appUrl = () => fromSetup('NEXT_APP_URL');
/** What `next start` has printed so far. */
export const serverLog = () => readFileSync(fromSetup('NEXT_SERVER_LOG'), 'utf8');

/** Opens the page; 'fast' picks the no-delay pace, 'default' leaves the page's own. */
export async function open(page: Page, pace: 'default' | 'fast' = 'fast') {
  await page.goto(appUrl());
  if (pace === 'fast') await page.getByTestId('pace').selectOption('0');
}

export async function ask(page: Page, text: string) {
  await page.getByPlaceholder('Ask about the weather…').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

export const lastAnswer = (page: Page) => page.locator('[data-role="assistant"]').last();
export const settled = (page: Page) => expect(page.getByTestId('messages')).toHaveAttribute('data-status', 'ready');
export const toolCard = (scope: Locator, name: string) => scope.locator(`[data-part="tool"][data-tool="${name}"]`);

/** The JSON a card shows (arguments or result), parsed: the view indents it, so the text alone is not compared. */
export async function shownJson(block: Locator): Promise<unknown> {
  return JSON.parse((await block.textContent()) ?? '');
}

/** A screenshot kept with the test's results (test-results/next/<test>/NAME-WxH.png), at the page's current size. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize();
  await page.screenshot({ path: testInfo.outputPath(`${name}-${size?.width}x${size?.height}.png`) });
}
