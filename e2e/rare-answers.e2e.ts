import { expect, type Page, type Route, test } from '@playwright/test';

// Spec rows the reference server never produces on its own: transfer statuses 0 (close), 4
// (failed) and 6 (nothing), and the end of a chat because it was opened in a new window
// (event 1202, outType 3). Each test talks to the real server; one field of one real answer is
// rewritten on the way, so everything else (session, polling, the page) is the real thing.

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: /message/i }).fill(text);
  await page.keyboard.press('Enter');
}

/** Passes the real answer of `call` on, with `edit` applied to its `data` (once). */
async function rewriteOnce(page: Page, call: string, edit: (data: Record<string, unknown>) => void) {
  let done = false;
  await page.route(`**/api/chat/visitor/${call}`, async (route: Route) => {
    const response = await route.fetch();
    if (done) return route.fulfill({ response });
    const body = await response.json();
    if (body?.code !== 200 || !body.data) return route.fulfill({ response });
    done = true;
    edit(body.data);
    return route.fulfill({ response, json: body });
  });
}

/** The offline channel answers a transfer with status 1; these tests turn that into another. */
async function transferAnswered(page: Page, status: number) {
  await rewriteOnce(page, 'transferAgent', (data) => {
    data.status = status;
  });
  await page.goto('/chat/index?channelId=offline');
  const answered = page.waitForResponse('**/api/chat/visitor/transferAgent');
  await send(page, 'Is anyone there?');
  await answered;
  await expect(conversation(page).getByText('Is anyone there?')).toBeVisible();
}

test('given transfer status 4, should say the transfer to a human agent failed', async ({ page }) => {
  await transferAnswered(page, 4);
  await expect(conversation(page).getByText('Transfer to human agent failed!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /message/i })).toBeEnabled();
});

test('given transfer status 0, should close the session and offer a new chat', async ({ page }) => {
  await transferAnswered(page, 0);
  await expect(page.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
  await expect(conversation(page).getByText('Transfer to human agent failed!')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('given transfer status 6, should do nothing', async ({ page }) => {
  await transferAnswered(page, 6);
  // Give a wrong reaction time to show; then the page is as it was, plus the visitor's message.
  await page.waitForTimeout(1000);
  await expect(conversation(page).getByText('Transfer to human agent failed!')).toHaveCount(0);
  await expect(conversation(page).getByText(/No agent is online/)).toHaveCount(0);
  await expect(conversation(page).getByText(/joined the chat/)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start a new chat' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /message/i })).toBeEnabled();
});

test('given the chat was opened in a new window (1202, outType 3), should say so and end the chat', async ({
  page,
}) => {
  await rewriteOnce(page, 'getEventMsg', (data) => {
    const events = Array.isArray(data.msgList) ? data.msgList : [];
    data.msgList = [
      ...events,
      { msgId: 'e2e-opened-elsewhere', event_type: 1202, outType: 3, msgTime: Date.now() },
    ];
  });
  await page.goto('/chat/index?channelId=robot');
  await expect(conversation(page).getByText('Your chat was opened in a new window!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
});
