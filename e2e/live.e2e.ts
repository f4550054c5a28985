import { expect, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { conversation, send } from './visitor.ts';

// Live delivery: the visible page holds its poll open (getEventMsg with `wait`), and the server
// answers it as soon as an agent writes. These tests take the page from a visitor's first message
// to a held poll, then check what arrives, how fast, and what survives a cut connection.

test.afterEach(async ({ request }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
});

/** Resolves when the page has a poll held at the server (one sent with `wait`, not yet answered). */
function heldPoll(page: Page) {
  return page.waitForRequest(
    (request) => request.url().endsWith('/getEventMsg') && request.postDataJSON()?.wait !== undefined,
  );
}

async function chatWithAgent(page: Page, request: Parameters<typeof agentWithChat>[0]) {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Hello, is anyone there?');
  const { agent, chat } = await agentWithChat(request, 'human');
  await expect(page.getByText(/^You are talking to (Alice|Bob)$/)).toBeVisible();
  return { agent, chat };
}

test('given a held poll, should show an agent message well inside the spec polling delay', async ({
  page,
  request,
}) => {
  const { agent, chat } = await chatWithAgent(page, request);
  await heldPoll(page);
  // Several messages: each is timed from the agent's send to the text on the page, and each is
  // sent once the page has asked for the next held poll.
  const delays: number[] = [];
  for (const text of ['First answer', 'Second answer', 'Third answer']) {
    const nextHeld = heldPoll(page);
    const sent = Date.now();
    await agent.send(chat.sessionId, text);
    await expect(conversation(page).getByText(text)).toBeVisible();
    delays.push(Date.now() - sent);
    await nextHeld;
  }
  // Polling every 2 s would average about 1 s; held polls answer as the message is written.
  const sorted = [...delays].sort((a, b) => a - b);
  expect(sorted[1], `delays ${delays.join(', ')} ms`).toBeLessThan(800);
});

test('given the held poll is cut, should resume from the cursor and show the message once', async ({
  page,
  request,
}) => {
  const { agent, chat } = await chatWithAgent(page, request);
  let cut = false;
  await page.route('**/api/chat/visitor/getEventMsg', async (route) => {
    if (!cut && route.request().postDataJSON()?.wait !== undefined) {
      cut = true;
      // The connection drops while the poll is held, after the message was written.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const held = heldPoll(page);
  await held;
  await agent.send(chat.sessionId, 'Sent while the line dropped');
  await expect(conversation(page).getByText('Sent while the line dropped')).toBeVisible({ timeout: 15_000 });
  expect(cut).toBe(true);
  await page.waitForTimeout(2500); // later polls must not bring it again
  await expect(conversation(page).getByText('Sent while the line dropped')).toHaveCount(1);
});

test('given a server that ignores the hold, should fall back to the spec polling and still deliver', async ({
  page,
  request,
}) => {
  // Every answer loses its `wait`, as from a backend that implements only the spec's polling.
  await page.route('**/api/chat/visitor/getEventMsg', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.data) delete body.data.wait;
    return route.fulfill({ response, json: body });
  });
  const polls: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/getEventMsg')) polls.push(Date.now());
  });
  const { agent, chat } = await chatWithAgent(page, request);
  await agent.send(chat.sessionId, 'Delivered by polling');
  await expect(conversation(page).getByText('Delivered by polling')).toBeVisible({ timeout: 10_000 });
  // No busy loop: with an agent the spec polls every 2 s.
  const recent = polls.slice(-3);
  for (let n = 1; n < recent.length; n++)
    expect((recent[n] ?? 0) - (recent[n - 1] ?? 0)).toBeGreaterThan(1500);
});
