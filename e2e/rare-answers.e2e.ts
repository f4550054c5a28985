import { expect, type Page, type Route, test } from '@playwright/test';
import { conversation, send } from './visitor.ts';

// Spec rows the reference server never produces on its own: transfer statuses 0 (close), 4
// (failed) and 6 (nothing), the end of a chat because it was opened in a new window (event 1202,
// outType 3), and the failures of spec section 8 (a session that cannot start, a refused form, a
// part of the page that cannot be downloaded). Each test talks to the real server; one real answer
// is rewritten or dropped on the way, so everything else (session, polling, the page) is real.

type Envelope = { code: number; data: Record<string, unknown> | null; message: string };

/** Passes the real answer of `call` on, with `edit` applied to it (once, to a success). */
async function rewriteOnce(page: Page, call: string, edit: (body: Envelope) => void) {
  let done = false;
  await page.route(`**/api/chat/visitor/${call}`, async (route: Route) => {
    const response = await route.fetch();
    if (done) return route.fulfill({ response });
    const body = await response.json();
    if (body?.code !== 200) return route.fulfill({ response });
    done = true;
    edit(body);
    return route.fulfill({ response, json: body });
  });
}

/** The offline channel answers a transfer with status 1; these tests turn that into another. */
async function transferAnswered(page: Page, status: number) {
  await rewriteOnce(page, 'transferAgent', ({ data }) => {
    if (data) data.status = status;
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
  await rewriteOnce(page, 'getEventMsg', ({ data }) => {
    if (!data) return;
    const events = Array.isArray(data.msgList) ? data.msgList : [];
    data.msgList = [
      ...events,
      { msgId: 'e2e-opened-elsewhere', event_type: 1202, outType: 3, msgTime: Date.now() },
    ];
  });
  test.setTimeout(45_000);
  await page.goto('/chat/index?channelId=robot');
  // The first poll goes out after the spec's 5 s and is held (live delivery) up to 15 s on a quiet
  // robot channel before its rewritten answer comes back.
  await expect(conversation(page).getByText('Your chat was opened in a new window!')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
});

/** Turns the next success of `call` into a refusal with this reason. */
const refuseOnce = (page: Page, call: string, message: string) =>
  rewriteOnce(page, call, (body) => {
    Object.assign(body, { code: 500, data: null, message });
  });

test('given the session cannot be created, should show the reason and start on retry', async ({ page }) => {
  await refuseOnce(page, 'chatStart', 'database is down');
  await page.goto('/chat/index?channelId=robot');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The chat could not start');
  await expect(alert).toContainText('failed to create session,database is down');
  // The retry is beside the alert, in the page's main landmark, not read out with it.
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
});

test('given a left message the server refuses, should say Submit failed and keep what was typed', async ({
  page,
}) => {
  await refuseOnce(page, 'leaveMsg', 'mail server down');
  await page.goto('/chat/index?channelId=offline');
  await send(page, 'Please call me back');
  const dialog = page.getByRole('dialog', { name: 'Leave a message' });
  await dialog.getByLabel('Email').fill('visitor@example.com');
  await dialog.getByLabel(/^Message/).fill('About order 1042.');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Submit failed' })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Message/)).toHaveValue('About order 1042.');
  // Sent again, it goes through.
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Thank you\. Your message has been sent\./)).toBeVisible();
});

test('given a part of the page that cannot be downloaded, should say so and recover on reload', async ({
  page,
}) => {
  // The forms download when the first one opens (or when the page is idle): both attempts fail.
  await page.route('**/chat/assets/Overlays-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/chat/index?channelId=robot');
  await page.getByRole('button', { name: 'Leave a message' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Part of the page could not be loaded');
  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('given the strings runtime that cannot be downloaded, should go on speaking from the language pack', async ({
  page,
}) => {
  // The first screen speaks from the pack alone; the i18next runtime only takes over later.
  let asked = 0;
  await page.route('**/chat/assets/i18next-*.js', (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/chat/index?channelId=robot');
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await send(page, 'Hello');
  await expect(conversation(page).getByText('Hello', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('given a language pack that cannot be downloaded, should say so in English and recover on reload', async ({
  page,
}) => {
  await page.route('**/chat/assets/en-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/chat/index?channelId=robot');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Part of the page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your connection, then reload the page.');
  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
