import { expect, test } from '@playwright/test';
import { agentWithChat } from './agent.ts';
import { closeChat, SHOP, serveShop } from './shop.ts';

// The launcher brings the visitor back: a preview of the agent's latest message beside it while
// the panel is closed, and a greeting from the loader's own attributes before the chat was ever
// opened. The shop page is on another origin that the chat server lists (FRAME_ANCESTORS).
test.use({ permissions: ['local-network-access'] });

test('given an agent message while the panel is closed, should show the badge and a preview until the chat is opened', async ({
  page,
  baseURL,
  request,
}) => {
  await serveShop(page, baseURL, { loader: { 'data-channel-id': 'human' } });
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Customer service chat"]');
  await chat.getByRole('textbox', { name: /message/i }).fill('Do you have this in blue?');
  await chat.getByRole('textbox', { name: /message/i }).press('Enter');
  await expect(chat.getByRole('log', { name: 'Conversation' }).getByText(/joined the chat/)).toBeVisible();
  await closeChat(page).click();

  const { agent, chat: session } = await agentWithChat(request, 'human');
  await agent.send(session.sessionId, 'Yes, <b>blue</b> ships today.');
  const launcher = page.getByRole('button', { name: 'Open chat, 1' });
  await expect(launcher).toBeVisible();
  const preview = page.getByRole('status').getByRole('button', { name: /ships today/ });
  await expect(preview).toHaveText(/: Yes, <b>blue<\/b> ships today\.$/);
  await expect(launcher).toBeFocused(); // the preview does not take the focus

  await preview.click();
  await expect(page.getByRole('dialog', { name: 'Customer service chat' })).toBeVisible();
  await expect(preview).toBeHidden();
  await closeChat(page).click();
  await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
  await expect(preview).toBeHidden();
  await agent.close(session.sessionId);
});

test('given a greeting on the loader, should greet after its delay without any request to the chat server', async ({
  page,
  context,
  baseURL,
}) => {
  await serveShop(page, baseURL, {
    loader: {
      'data-channel-id': 'demo',
      'data-greeting': 'Need help choosing a size?',
      'data-greeting-delay': '1',
    },
  });
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseURL ?? '') && !request.url().endsWith('/chat/embed.js'))
      chatRequests.push(request.url());
  });
  await page.goto(`${SHOP}/`);
  const greeting = page.getByRole('button', { name: 'Need help choosing a size?' });
  await expect(greeting).toBeHidden();
  await expect(greeting).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('status')).toContainText('Need help choosing a size?');
  expect(chatRequests).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
    0,
    0,
    '',
  ]);
  expect(await context.cookies(baseURL)).toEqual([]);
  expect(page.frames()).toHaveLength(1);

  await greeting.click();
  await expect(page.locator('iframe[title="Customer service chat"]')).toHaveAttribute(
    'src',
    `${baseURL}/chat/index?channelid=demo&from=iframe`,
  );
  await expect.poll(() => chatRequests.length).toBeGreaterThan(0);
  await closeChat(page).click();
  await page.waitForTimeout(1500);
  await expect(greeting).toBeHidden();
});

test('given a greeting dismissed with Escape, should not come back and give the launcher the focus', async ({
  page,
  baseURL,
}) => {
  await serveShop(page, baseURL, {
    loader: { 'data-channel-id': 'demo', 'data-greeting': 'Hello!', 'data-greeting-delay': '0' },
  });
  await page.goto(`${SHOP}/`);
  const greeting = page.getByRole('button', { name: 'Hello!' });
  await expect(greeting).toBeVisible();
  await greeting.focus();
  await page.keyboard.press('Escape');
  await expect(greeting).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
});

test('on a 320 px wide phone at right to left, should keep the greeting inside the screen', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await serveShop(page, baseURL, {
    lang: 'ar',
    dir: 'rtl',
    loader: {
      'data-channel-id': 'demo',
      'data-position': 'left',
      'data-greeting': 'Ask us anything about sizes, colours, delivery and returns. '.repeat(3),
      'data-greeting-delay': '0',
    },
  });
  await page.goto(`${SHOP}/`);
  const bubble = page.getByRole('status').locator('.t');
  await expect(bubble).toBeVisible();
  const box = await bubble.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(20);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(300);
  // Right to left, the dismiss button is at the inline end: the left.
  const dismiss = await page.getByRole('button', { name: 'Dismiss' }).boundingBox();
  expect(dismiss?.x).toBeLessThan((box?.x ?? 0) + (box?.width ?? 0) / 2);
});
