/**
 * The Next.js chat page in Chromium, against the built app (`next start`)
 * on the scripted sample model: one call, parallel calls, a multi-step loop
 * through an approval, a denial, and reasoning switched on and off with the
 * `reasoning` option.
 */
import { expect, test } from '@playwright/test';
import { ask, lastAnswer, open, settled, shownJson, toolCard } from './helpers.ts';

test('one call: the tool runs on the server and the answer reads its result', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'One call' }).click();
  const tool = toolCard(lastAnswer(page), 'get_weather');
  await expect(tool).toHaveAttribute('data-state', 'output-available');
  await expect(tool.getByTestId('tool-state')).toHaveText('Done');
  expect(await shownJson(tool.getByTestId('tool-input'))).toEqual({ city: 'Seoul', unit: 'celsius' });
  expect(await shownJson(tool.getByTestId('tool-output'))).toMatchObject({ city: 'Seoul', conditions: 'sunny' });
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText('and sunny in Seoul');
});

test('parallel calls: two calls in one step, both answered', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Parallel calls' }).click();
  await settled(page);
  const tools = toolCard(lastAnswer(page), 'get_weather');
  await expect(tools).toHaveCount(2);
  await expect(tools.getByTestId('tool-state')).toHaveText(['Done', 'Done']);
  // Both calls sit in the same step (the first model call of the reply).
  await expect(tools.nth(0)).toHaveAttribute('data-step', '1');
  await expect(tools.nth(1)).toHaveAttribute('data-step', '1');
  const answer = lastAnswer(page).locator('[data-part="text"]').last();
  await expect(answer).toContainText('Seoul');
  await expect(answer).toContainText('Tokyo');
});

test('multi-step loop: weather, then a note the user approves on its card, then the answer', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Multi-step' }).click();
  const note = toolCard(lastAnswer(page), 'add_note');
  await expect(note.getByTestId('tool-state')).toHaveText('Waiting for approval');
  await expect(toolCard(lastAnswer(page), 'get_weather')).toHaveAttribute('data-step', '1');
  await expect(note).toHaveAttribute('data-step', '2');
  await note.getByRole('button', { name: 'Approve' }).click();
  await expect(note.getByTestId('tool-state')).toHaveText('Done');
  await expect(note.getByRole('button')).toHaveCount(0);
  await settled(page);
  expect(await shownJson(note.getByTestId('tool-output'))).toMatchObject({ saved: 'It is 19°C and sunny in Paris' });
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText('I saved a note');
});

test('a denied tool never runs, and the model reads the denial', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Approval' }).click();
  const note = toolCard(lastAnswer(page), 'add_note');
  await note.getByRole('button', { name: 'Deny' }).click();
  await expect(note).toHaveAttribute('data-state', 'output-denied');
  await expect(note.getByTestId('tool-state')).toHaveText('Denied');
  await expect(note.getByTestId('tool-output')).toHaveCount(0);
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="text"]').last()).toContainText(
    'I did not save the note: The tool call was denied: the user said no',
  );
});

test('reasoning: shown when asked for, collapsible, and switched off by reasoning "none"', async ({ page }) => {
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
  // Collapsible: a click on its summary hides the text and another shows it again.
  await thinking.locator('summary').click();
  await expect(thinking.locator('.reasoning-text')).toBeHidden();
  await thinking.locator('summary').click();
  await expect(thinking.locator('.reasoning-text')).toBeVisible();

  // `none` is " /no_think": even a request to think gets no thinking.
  await page.getByTestId('reasoning').selectOption('none');
  await ask(page, 'Think first: what is the weather in Paris?');
  await settled(page);
  await expect(lastAnswer(page).locator('[data-part="tool"]')).toHaveCount(1);
  await expect(lastAnswer(page).locator('[data-part="reasoning"]')).toHaveCount(0);
});
