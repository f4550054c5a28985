import { expect, test } from '@playwright/test';
import { agentWithChat } from './agent.ts';
import { closeChat, SHOP, serveShop } from './shop.ts';

// A shop page on another origin adds the loader with one script tag.
// The parent page and the chat server are both on loopback here, on different origins. Real
// sites are public, so Chromium's local-network permission is granted for the test.
test.use({ permissions: ['local-network-access'] });

test.beforeEach(async ({ page, baseURL }) => {
  await serveShop(page, baseURL, {
    // Calls queued before the loader runs, as the loader's snippet allows.
    head: `<script>window.Parley = { q: [] }; window.Parley.q.push(['on', 'open', () => { document.title = 'chat opened'; }]);</script>`,
    loader: { 'data-channel-id': 'demo', 'data-username': 'Ann' },
  });
});

test('given the loader, should show a launcher and load none of the chat app before it is opened', async ({
  page,
}) => {
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/chat/') && !request.url().endsWith('/chat/embed.js'))
      chatRequests.push(request.url());
  });
  await page.goto(`${SHOP}/`);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  expect(chatRequests).toEqual([]);
});

test('when the visitor opens it, should load the chat page in a frame and run queued calls', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const frame = page.locator('iframe[title="Customer service chat"]');
  await expect(frame).toHaveAttribute('src', `${baseURL}/chat/index?channelid=demo&username=Ann&from=iframe`);
  await expect(page.frameLocator('iframe[title="Customer service chat"]').locator('#root')).toBeAttached();
  await expect(page).toHaveTitle('chat opened');
  // One header: the chat's, with its close button; the loader's own is gone once the chat runs.
  await expect(closeChat(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeHidden();
  await closeChat(page).click();
  await expect(frame).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
});

test('when the visitor opens it, should leave no warning in the shop page console', async ({ page }) => {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Customer service chat"]');
  await expect(chat.getByRole('textbox', { name: /message/i })).toBeVisible();
  await closeChat(page).click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(chat.getByRole('textbox', { name: /message/i })).toBeVisible();
  expect(noise).toEqual([]);
});

test('given the keyboard only, should open and close the chat', async ({ page }) => {
  await page.goto(`${SHOP}/`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Customer service chat' })).toBeVisible();
});

test('given an agent message in the open chat, should tell the allowed shop page through the loader', async ({
  page,
  baseURL,
  request,
}) => {
  // This page (served in place of the one above) writes down every agent message the loader hands it.
  await serveShop(page, baseURL, {
    head: `<script>window.Parley = { q: [] }; window.Parley.q.push(['on', 'message', (message) => {
  const item = document.createElement('li'); item.textContent = message.text; document.getElementById('heard').append(item);
}]);</script>`,
    body: '<main><h1>Shop</h1><ul id="heard"></ul></main>',
    loader: { 'data-channel-id': 'human' },
  });
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Customer service chat"]');
  await chat.getByRole('textbox', { name: /message/i }).fill('Hello from the shop');
  await chat.getByRole('textbox', { name: /message/i }).press('Enter');
  await expect(chat.getByRole('log', { name: 'Conversation' }).getByText(/joined the chat/)).toBeVisible();

  const { agent, chat: session } = await agentWithChat(request, 'human');
  await agent.send(session.sessionId, 'Your parcel ships today.');
  await expect(page.locator('#heard li')).toHaveText(['Your parcel ships today.']);
  await agent.close(session.sessionId);
});

test('given Escape inside the chat, should close the panel and give the launcher the focus', async ({
  page,
}) => {
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Customer service chat"]');
  await chat.getByRole('textbox').first().click();
  await page.keyboard.press('Escape');
  await expect(page.locator('iframe[title="Customer service chat"]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
});

test('given a site the channel does not list, should refuse the frame and offer the chat in a new tab', async ({
  page,
  baseURL,
}) => {
  const blog = 'http://blog.localhost:3998';
  await page.route(`${blog}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Blog</title></head><body><main><h1>Blog</h1></main>
<script src="${baseURL}/chat/embed.js" data-channel-id="demo" async></script></body></html>`,
    }),
  );
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${blog}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The chat cannot be shown on this site.', { timeout: 20_000 });
  await expect(alert.getByRole('link', { name: 'Open the chat in a new tab' })).toHaveAttribute(
    'href',
    `${baseURL}/chat/index?channelid=demo`,
  );
  expect(errors.join('\n')).toContain(`does not allow ${blog} to frame it`);
});
