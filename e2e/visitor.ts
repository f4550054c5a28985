import type { Page } from '@playwright/test';

/** The visitor's conversation log. */
export const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** Types a message in the composer and sends it with Enter. */
export async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: /message/i }).fill(text);
  await page.keyboard.press('Enter');
}
