import { expect, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { conversation, send } from './visitor.ts';

/** The chat's one header (the kit's Navbar). */
const header = (page: Page) => page.locator('[data-slot="navbar"]');

// The visitor's first minute (issue: "as good as Intercom's"): before anything is written, every
// channel says who answers, how soon, and what to do first; then each message has its time and,
// once an agent has read it, "Seen". The demo seed's channels give each case.

test.afterEach(async ({ request }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
});

test('given a human-first channel with the team online, should show their faces, the usual reply time and a way to write', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=human');
  const first = page.getByRole('region', { name: 'Hi there! How can we help?' });
  await expect(first).toBeVisible();
  // The words depend on the channel's answered chats (earlier tests answer fast): any reply time.
  await expect(first.getByText(/^Usually replies in /)).toBeVisible();
  // One image named by the team; Alice has a picture, Bob's initials stand in for his.
  const faces = first.getByRole('img', { name: 'Alice and Bob' });
  await expect(faces).toBeVisible();
  await expect(faces.locator('[data-variant="image"]')).toHaveCount(1);
  await expect(faces.locator('[data-variant="initials"]')).toHaveText('B');
  // The header says the same, in one line under the title.
  await expect(header(page).getByText(/^Usually replies in /)).toBeVisible();
  await first.getByRole('button', { name: 'Send us a message' }).click();
  await expect(page.getByRole('textbox', { name: /message/i })).toBeFocused();
  // Once the visitor writes, the first screen has done its work.
  await send(page, 'Hello there');
  await expect(conversation(page).getByText('Hello there')).toBeVisible();
  await expect(first).toHaveCount(0);
});

test('given a robot-first channel, should show the robot as a robot and say a person is one tap away', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=robot');
  await expect(header(page).getByText(/answers right away, and a person is one tap away/)).toBeVisible();
  // The robot's messages carry the robot avatar, not a person's initials.
  await expect(
    conversation(page).locator('[data-slot="message-avatar"][data-variant="bot"]').first(),
  ).toBeVisible();
});

test('given nobody online, should say so and lead to leaving a message', async ({ page }) => {
  await page.goto('/chat/index?channelId=offline');
  const first = page.getByRole('region', { name: 'Hi there! How can we help?' });
  await expect(first.getByText(/The team is away right now/)).toBeVisible();
  await first.getByRole('button', { name: 'Leave a message' }).click();
  await expect(page.getByRole('dialog', { name: /Leave a message/ })).toBeVisible();
});

test('given a channel outside its hours, should not promise a reply', async ({ page }) => {
  await page.goto('/chat/index?channelId=closed');
  // The demo's closed channel has no opening hours at all: it says nobody is there, and never a
  // time it cannot keep, though its agents are signed in.
  const first = page.getByRole('region', { name: 'Hi there! How can we help?' });
  await expect(first.getByText(/The team is away right now/)).toBeVisible();
  await expect(first.getByText(/We are back/)).toHaveCount(0);
});

test("given an agent reads the visitor's message, should show Seen under it, and each message its own time on hover", async ({
  page,
  request,
}) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Where is my parcel?');
  const { agent, chat } = await agentWithChat(request, 'human');
  const mine = conversation(page)
    .locator('[data-slot="message"][data-position="right"]')
    .filter({ hasText: 'Where is my parcel?' });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Seen')).toHaveCount(0);
  await agent.seen(chat.sessionId);
  await expect(mine.getByText('Seen')).toBeVisible();
  // A new message is not read yet: "Seen" stays where the agent read up to.
  await send(page, 'Order 77');
  await expect(conversation(page).getByText('Order 77')).toBeVisible();
  await expect(conversation(page).getByText('Seen')).toHaveCount(1);
  // Hovering a message shows its own time.
  await mine.hover();
  await expect(mine.locator('time').first()).toBeVisible();
});
