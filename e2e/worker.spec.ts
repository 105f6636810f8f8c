/**
 * The demo's Worker proxy engine against `wrangler dev` (offline, embedded
 * replay upstream), started by the Playwright config on a free port.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { workerBaseUrl } from './ports.ts';

test.skip(
  !existsSync('worker/cloudflare/wrangler.jsonc'),
  'worker/ is not in this checkout, so there is no Worker to proxy to.',
);

for (const mode of ['browser', 'worker'] as const) {
  test(`Worker proxy, tool calling in the ${mode}: a tool call round-trips`, async ({ page }, testInfo) => {
    await page.goto(`/?engine=proxy&proxyMode=${mode}&proxyUrl=${encodeURIComponent(workerBaseUrl())}`);
    await expect(page.getByLabel('Base URL')).toHaveValue(workerBaseUrl());
    await page.getByLabel('Message').fill("What's the weather in Seoul?");
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('#status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(page.locator('#events [data-event="tool-input-start"]')).toHaveCount(1);
    await expect(page.locator('#events [data-event="tool-call"]')).toContainText('get_weather');
    await expect(page.locator('#conversation [data-role="tool-result"]')).toContainText('"temperature": 18');
    await expect(page.locator('#conversation [data-role="assistant-text"]')).toHaveText(
      'It is 18°C and partly cloudy in Seoul.',
    );
    if (mode === 'browser') await expect(page.locator('#raw mark.call')).toHaveCount(1);
    await testInfo.attach(`proxy-${mode}`, { body: await page.screenshot(), contentType: 'image/png' });
    if (mode === 'worker') {
      // The note holds for this engine and mode only: picking another engine removes it.
      await expect(page.locator('#raw')).toContainText('Tool calling runs in the Worker here');
      await page.getByLabel('Engine').selectOption('webllm');
      await expect(page.locator('#raw')).not.toContainText('Tool calling runs in the Worker here');
    }
  });
}

test('Worker proxy unreachable: the error is shown inline with the fix', async ({ page }) => {
  await page.goto('/?engine=proxy&proxyUrl=http://127.0.0.1:9/v1');
  await page.getByLabel('Message').fill('hello');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'error');
  await expect(page.locator('#conversation [data-role="error"]')).toContainText('npm run dev:worker');
});
