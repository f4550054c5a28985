import { expect, test } from '@playwright/test';
import { axeViolations, conversation, send } from './visitor.ts';

// The ended chat's transcript by email, end to end: the demo server mails transcripts (printed,
// not sent: no SMTP in demo mode), the visitor asks for one from the ended chat, and an
// administrator reads it in the demo mailbox.

test('given an ended chat on the demo server, should mail its transcript to the address the visitor types, readable in the demo mailbox', async ({
  page,
}) => {
  const address = `e2e-${Date.now()}@example.com`;
  await page.goto('/chat/index?channelId=robot');
  await send(page, 'Where is my parcel?');
  await expect(conversation(page).getByText('Where is my parcel?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'End chat' }).click();

  await page.getByRole('button', { name: 'Email me the transcript' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the transcript' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(address);
  await dialog.getByRole('button', { name: 'Send transcript' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The transcript is on its way to ${address}.`)).toBeVisible();

  // The administrator's view of what would have been sent.
  await page.goto('/agent/');
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password').fill('alice-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'Reports' })).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: address });
  await expect
    .poll(async () => {
      await page.goto('/dev/mailbox');
      return mail.count();
    })
    .toBe(1);
  await expect(mail.getByRole('heading', { name: 'Your chat with Robot first' })).toBeVisible();
  await expect(mail).toContainText('You: Where is my parcel?');
});
