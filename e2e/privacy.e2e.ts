import { expect, type Page, test } from '@playwright/test';
import { SHOP, serveShop } from './shop.ts';

// Privacy by default (docs/privacy.md): the loader does nothing until it is pressed, and a site
// chooses where the chat keeps the visitor id: local (default), the tab only, or nowhere.

test.use({ permissions: ['local-network-access'] });

/** What the page's origin keeps: its local and session storage keys and its cookies. */
const kept = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookies: document.cookie,
  }));

/** The visitor ids the server issued to this page's chatStart calls. */
function issuedIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/chatStart')) return;
    const body = await response.json().catch(() => null);
    if (body?.data?.userId) ids.push(body.data.userId);
  });
  return ids;
}

test('given a host page with the loader, untouched, should make no chat request and store nothing', async ({
  page,
  context,
  baseURL,
}) => {
  await serveShop(page, baseURL, { loader: { 'data-channel-id': 'human' } });
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseURL ?? '') && !request.url().endsWith('/chat/embed.js'))
      chatRequests.push(request.url());
  });
  await page.goto(`${SHOP}/`);
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(chatRequests).toEqual([]);
  expect(await kept(page)).toEqual({ local: [], session: [], cookies: '' });
  expect(await context.cookies(baseURL)).toEqual([]);
  expect(page.frames()).toHaveLength(1);
});

test('given storage=session, should keep the visitor for this tab only', async ({ page }) => {
  const ids = issuedIds(page);
  await page.goto('/chat/index?channelId=human&storage=session');
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  const { local, session } = await kept(page);
  expect(local.filter((key) => key.startsWith('chat-'))).toEqual([]);
  expect(session).toContain('chat-demo-uid');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  await expect.poll(() => ids.length).toBe(2);
  expect(ids[1]).toBe(ids[0]); // the same tab: the same visitor
});

test('given storage=none, should keep nothing and be a new visitor on every load', async ({ page }) => {
  const ids = issuedIds(page);
  await page.goto('/chat/index?channelId=human&storage=none');
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  const { local, session, cookies } = await kept(page);
  expect([...local, ...session].filter((key) => key.startsWith('chat-'))).toEqual([]);
  expect(cookies).toBe('');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  await expect.poll(() => ids.length).toBe(2);
  expect(ids[1]).not.toBe(ids[0]);
});
