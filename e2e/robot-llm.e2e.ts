import { expect, test } from '@playwright/test';
import { MODEL_ANSWER } from './modelAnswer.mjs';
import { conversation, send } from './visitor.ts';

// The demo channel's robot answers with a language model (e2e/model.mjs stands in for it, a few
// words every 400 ms): the answer grows on screen, a reload in the middle shows it once, and the
// visitor can reach a person while it writes.

const FIRST_WORDS = 'Shipping is';
const LAST_WORDS = 'Anything else?';

test('given a question, should show the answer growing, then whole, once, with the thinking collapsed', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=demo');
  const log = conversation(page);
  // A first answer loads what the page draws answers with.
  await send(page, 'How much does shipping cost?');
  await expect(log.getByText(LAST_WORDS)).toBeVisible({ timeout: 20_000 });
  // The second one, watched as it comes: its beginning shows before its end.
  await send(page, 'Is shipping free to Norway?');
  const answer = log.locator('.visitor-answer').nth(1);
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const text = (await answer.textContent().catch(() => '')) ?? '';
        seen.push(text);
        return text.includes(LAST_WORDS);
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  expect(seen.some((text) => text.includes(FIRST_WORDS) && !text.includes(LAST_WORDS))).toBe(true);
  // Each answer once, its bold drawn by the sanitised Markdown, its thinking there and closed.
  await expect(log.getByText(LAST_WORDS)).toHaveCount(2);
  await expect(log.locator('strong', { hasText: 'free from 50 EUR' })).toHaveCount(2);
  await expect(answer.getByRole('button', { name: /thinking/i })).toHaveAttribute('aria-expanded', 'false');
  expect(MODEL_ANSWER.endsWith(LAST_WORDS)).toBe(true);
});

test('given a reload in the middle of an answer, should show the answer once, whole', async ({ page }) => {
  await page.goto('/chat/index?channelId=demo');
  const log = conversation(page);
  await send(page, 'How much does shipping cost?');
  await expect(log.getByText(LAST_WORDS)).toBeVisible({ timeout: 20_000 });
  await send(page, 'Is shipping free to Norway?');
  const answer = log.locator('.visitor-answer').nth(1);
  await expect
    .poll(
      async () => {
        const text = (await answer.textContent().catch(() => '')) ?? '';
        return text.includes(FIRST_WORDS) && !text.includes(LAST_WORDS);
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  await page.reload();
  await expect(conversation(page).getByText(LAST_WORDS)).toHaveCount(2, { timeout: 20_000 });
  await expect(conversation(page).locator('strong', { hasText: 'free from 50 EUR' })).toHaveCount(2);
});

test('given the answer still writing, should take the visitor to a person when they ask', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=demo');
  await send(page, 'How much does shipping cost?');
  await expect(conversation(page).getByText(FIRST_WORDS, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Talk to a human agent' }).click();
  await expect(
    conversation(page)
      .getByText(/joined|in the queue|number/i)
      .first(),
  ).toBeVisible();
});
