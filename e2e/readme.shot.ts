import { expect, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { closeChat, SHOP, serveShop } from './shop.ts';

// The README's pictures (docs/images), from the running product with the demo seed.
const OUT = 'docs/images';
test.use({ permissions: ['local-network-access'] });

const conversation = (page: Page) => page.getByRole('log');

// Each picture starts with the demo agents free.
test.afterEach(async ({ request }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
});

async function visitorWithAgent(page: Page, request: Parameters<typeof agentWithChat>[0], query: string) {
  await page.goto(`/chat/index?channelId=human&${query}`);
  const box = page.getByRole('textbox', { name: /message/i });
  await box.fill('Hello, my parcel #1042 has not arrived yet.');
  await box.press('Enter');
  // The page sends the agent's welcome to the chat's record once the agent joined; a real agent
  // answers seconds later, so the pictures wait for it too (else the console lists it after).
  const welcomeSent = page.waitForResponse((response) => response.url().endsWith('/api/chat/visitor/sysMsg'));
  const { agent, chat } = await agentWithChat(request, 'human');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  await welcomeSent;
  return { agent, chat };
}

test('the visitor page on a phone', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const { agent, chat } = await visitorWithAgent(page, request, 'username=Camille');
  await agent.send(chat.sessionId, 'I can see your order here: it left our warehouse on Monday.');
  await agent.send(chat.sessionId, 'The carrier says it arrives tomorrow before noon.');
  await expect(conversation(page).getByText(/before noon/)).toBeVisible();
  const box = page.getByRole('textbox', { name: /message/i });
  await box.fill('Great, thank you!');
  await box.press('Enter');
  await expect(conversation(page).getByText('Great, thank you!')).toBeVisible();
  // The agent reads it: "Seen" under the visitor's message.
  await agent.seen(chat.sessionId);
  await expect(conversation(page).getByText('Seen')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/visitor-phone.png` });
  await context.close();
});

test('the first screen on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto('/chat/index?channelId=human');
  await expect(page.getByRole('region', { name: 'Hi there! How can we help?' })).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/first-screen.png` });
  await context.close();
});

test('the launcher on a shop page, with a message that arrived while closed', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await serveShop(page, baseURL, {
    head: '<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937}header{padding:20px 48px;border-bottom:1px solid #e5e7eb;font-weight:700;font-size:22px}main{padding:48px;max-width:720px}h1{font-size:40px;margin:0 0 16px}</style>',
    body: '<header>Acme Outdoor</header><main><h1>Trail jacket</h1><p>Waterproof, breathable, and light enough to pack in a pocket. Free delivery from 50 EUR.</p></main>',
    loader: { 'data-channel-id': 'human', 'data-username': 'Camille' },
  });
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const frame = page.frameLocator('iframe');
  const box = frame.getByRole('textbox', { name: /message/i });
  await box.fill('Does the jacket come in green?');
  await box.press('Enter');
  const { agent, chat } = await agentWithChat(request, 'human');
  await expect(frame.getByRole('log').getByText(/joined the chat/)).toBeVisible();
  await closeChat(page).click();
  await agent.send(chat.sessionId, 'It does: green is back in stock in every size.');
  await expect(page.getByRole('button', { name: /Open chat/ })).toContainText('1');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/launcher.png` });
  await context.close();
});

test('the agent console', async ({ browser, request }) => {
  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const visitor = await visitorContext.newPage();
  const { agent, chat } = await visitorWithAgent(
    visitor,
    request,
    'username=Camille&email=camille%40example.com',
  );
  await agent.send(chat.sessionId, 'Hello Camille, let me look at your order.');
  const { username } = agent;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/agent/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(`${username}-demo`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByRole('button', { name: /Camille/ })
    .first()
    .click();
  await expect(page.getByRole('main').getByText('Hello Camille, let me look at your order.')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/console.png` });
  await context.close();
  await visitorContext.close();
});
