import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { conversation, send } from './visitor.ts';

// What a screen reader is told, read from the page as assistive technology reads it: every change
// inside a live region (role log, status or alert, or aria-live) is recorded with its politeness
// by a MutationObserver installed before the page's own scripts, and the accessibility tree is read
// through the debugging protocol.
//
// Text added inside a live region that was already there is announced. A live region that appears
// with its text already inside is announced by some screen readers and not by others (an alert
// is): it is recorded as "created". So "announced" below counts only what is reliably heard,
// and "at most once" counts what might be heard too.

interface LiveChange {
  kind: 'change' | 'created';
  politeness: string;
  role: string | null;
  text: string;
  at: number;
}

// Agents start and end free: a chat left open by another test file would be taken for this one's.
const freeAgents = async ({ request }: { request: APIRequestContext }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
};
test.beforeEach(freeAgents);
test.afterEach(freeAgents);

/** Installs the recorder in every document the page loads. */
async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const LIVE = '[aria-live], [role~="log"], [role~="status"], [role~="alert"]';
    const changes: LiveChange[] = [];
    (window as unknown as { __liveChanges: LiveChange[] }).__liveChanges = changes;
    const politeness = (region: Element) => {
      const live = region.getAttribute('aria-live');
      if (live) return live;
      return region.getAttribute('role')?.split(/\s+/).includes('alert') ? 'assertive' : 'polite';
    };
    // The text assistive technology reads: aria-hidden subtrees are skipped.
    const spoken = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? '';
      if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
      return [...node.childNodes].map(spoken).join(' ');
    };
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    const record = (kind: LiveChange['kind'], region: Element, text: string) => {
      const said = squash(region.getAttribute('aria-atomic') === 'true' ? spoken(region) : text);
      if (said)
        changes.push({
          kind,
          politeness: politeness(region),
          role: region.getAttribute('role'),
          text: said,
          at: Date.now(),
        });
    };
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const region = target?.closest(LIVE);
        if (mutation.type === 'characterData') {
          if (region) record('change', region, mutation.target.nodeValue ?? '');
          continue;
        }
        for (const added of mutation.addedNodes) {
          if (region?.isConnected) record('change', region, spoken(added));
          // A live region that arrives with its text (outside any existing one).
          else if (added instanceof Element) {
            const created = [added.matches(LIVE) ? added : null, ...added.querySelectorAll(LIVE)];
            for (const each of created)
              if (each && !each.parentElement?.closest(LIVE)) record('created', each, spoken(each));
          }
        }
      }
    });
    const start = () => observer.observe(document, { subtree: true, childList: true, characterData: true });
    start();
  });
}

async function liveChanges(page: Page): Promise<LiveChange[]> {
  return page.evaluate(() => (window as unknown as { __liveChanges: LiveChange[] }).__liveChanges);
}

/** What is reliably announced (politely or assertively), and what might be, containing `text`. */
async function announced(page: Page, text: string | RegExp) {
  const matches = (change: LiveChange) =>
    typeof text === 'string' ? change.text.includes(text) : text.test(change.text);
  const heard = (await liveChanges(page)).filter((change) => change.politeness !== 'off' && matches(change));
  return {
    reliably: heard.filter((change) => change.kind === 'change' || change.politeness === 'assertive'),
    possibly: heard,
  };
}

/** Live regions in Chromium's accessibility tree whose text (or a descendant's) contains `text`. */
async function liveRegionsInTree(page: Page, text: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      nodeId: string;
      parentId?: string;
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const property = (node: (typeof nodes)[number], name: string) =>
    node.properties?.find((each) => each.name === name)?.value.value;
  const regions = new Map<string, { role: string; live: unknown; atomic: unknown }>();
  for (const node of nodes) {
    if (node.ignored || node.role?.value !== 'StaticText' || !String(node.name?.value ?? '').includes(text))
      continue;
    // The nearest ancestor that is a live region root (its own `live` property).
    for (
      let up = node.parentId ? byId.get(node.parentId) : undefined;
      up;
      up = up.parentId ? byId.get(up.parentId) : undefined
    ) {
      const live = property(up, 'live');
      if (live !== undefined) {
        regions.set(up.nodeId, { role: up.role?.value ?? '', live, atomic: property(up, 'atomic') });
        break;
      }
    }
  }
  return [...regions.values()];
}

/** Resolves when the page has a poll held at the server (sent with `wait`). */
function heldPoll(page: Page) {
  return page.waitForRequest(
    (request) => request.url().endsWith('/getEventMsg') && request.postDataJSON()?.wait !== undefined,
  );
}

async function chatWithAgent(page: Page, request: Parameters<typeof agentWithChat>[0]) {
  await recordLiveRegions(page);
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Hello, is anyone there?');
  const { agent, chat } = await agentWithChat(request, 'human');
  await expect(page.getByText(/^You are talking to (Alice|Bob)$/)).toBeVisible();
  return { agent, chat };
}

test('given an agent who joins and writes, should announce the join and the message once each, politely', async ({
  page,
  request,
}) => {
  const { agent, chat } = await chatWithAgent(page, request);
  const joined = await announced(page, /joined the chat|talking to/);
  expect(joined.possibly.map((change) => change.text)).toHaveLength(1);
  expect(joined.reliably).toHaveLength(1);
  expect(joined.reliably[0]?.politeness).toBe('polite');

  await agent.send(chat.sessionId, 'Your parcel left the depot this morning.');
  await expect(conversation(page).getByText('Your parcel left the depot this morning.')).toBeVisible();
  // Later polls and renders must not say it again.
  await page.waitForTimeout(2500);
  const message = await announced(page, 'Your parcel left the depot this morning.');
  expect(message.possibly).toHaveLength(1);
  expect(message.reliably).toHaveLength(1);
  expect(message.reliably[0]?.politeness).toBe('polite');
  expect(message.reliably[0]?.text).toMatch(/^Message from (Alice|Bob): Your parcel left/);

  // As Chromium exposes it: the text sits in a polite live region, never an assertive one; the
  // conversation log itself is not live (so the message is not read twice).
  const regions = await liveRegionsInTree(page, 'Your parcel left the depot this morning.');
  expect(regions).toContainEqual({ role: 'generic', live: 'polite', atomic: true });
  expect(regions.filter((region) => region.live === 'assertive')).toEqual([]);
  const log = regions.find((region) => region.role === 'log');
  expect(log === undefined || log.live === 'off').toBe(true);
  // What a screen reader finds when it reads the log: the message, with who wrote it.
  expect(await conversation(page).ariaSnapshot()).toContain('Your parcel left the depot this morning.');
});

test('given the agent typing on and off several times within a second, should announce typing once', async ({
  page,
  request,
}) => {
  const { agent, chat } = await chatWithAgent(page, request);
  // Count how often the indicator appears, to be sure it did come and go.
  await page.evaluate(() => {
    const shown = { count: 0 };
    (window as unknown as { __typingShown: typeof shown }).__typingShown = shown;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const added of mutation.addedNodes)
          if (
            added instanceof Element &&
            (added.matches('[data-slot="typing"]') || added.querySelector('[data-slot="typing"]'))
          )
            shown.count += 1;
    }).observe(document.body, { subtree: true, childList: true });
  });
  // Each event reaches the page as it is written once a poll is held at the server.
  await heldPoll(page);
  await page.waitForTimeout(300);
  // Typing, a message, typing again...: the indicator comes and goes four times in about a second.
  const started = Date.now();
  for (const text of ['One moment.', 'Checking now.', 'Nearly there.']) {
    await agent.typing(chat.sessionId);
    await page.waitForTimeout(120);
    await agent.send(chat.sessionId, text);
    await page.waitForTimeout(120);
  }
  await agent.typing(chat.sessionId);
  // All of it within the announcement's quiet time (chat-ui's TYPING_ANNOUNCE_QUIET, 5 s), with room:
  // about a second on a quiet machine, up to a few on a busy one.
  expect(Date.now() - started).toBeLessThan(4000);
  await expect(conversation(page).getByText('Nearly there.')).toBeVisible();
  await expect(page.locator('[data-slot="typing"]')).toBeAttached();
  await page.waitForTimeout(500);
  const shown = await page.evaluate(
    () => (window as unknown as { __typingShown: { count: number } }).__typingShown.count,
  );
  expect(shown, 'the indicator came and went').toBeGreaterThanOrEqual(3);
  const typing = await announced(page, /typing/i);
  expect(typing.possibly.map((change) => change.text)).toEqual(['Agent is typing']);
  expect(typing.reliably[0]?.politeness).toBe('polite');
  // Each message is still said once.
  for (const text of ['One moment.', 'Checking now.', 'Nearly there.'])
    expect((await announced(page, text)).reliably).toHaveLength(1);
});

test('given the agent ends the chat, should announce the end once', async ({ page, request }) => {
  const { agent, chat } = await chatWithAgent(page, request);
  await agent.close(chat.sessionId);
  await expect(conversation(page).getByText('The agent has ended the chat. Thank you!')).toBeVisible();
  await page.waitForTimeout(2500);
  const ended = await announced(page, 'The agent has ended the chat');
  expect(ended.possibly).toHaveLength(1);
  expect(ended.reliably).toHaveLength(1);
  expect(ended.reliably[0]?.politeness).toBe('polite');
});

test('given the network drops and the visitor sends, should announce it once: offline, then not sent', async ({
  page,
  context,
  request,
}) => {
  await chatWithAgent(page, request);
  await context.setOffline(true);
  await expect(page.getByText(/^You are offline/)).toBeVisible();
  await send(page, 'Sent while offline');
  await expect(conversation(page).getByText('Sent while offline')).toBeVisible();
  await expect(conversation(page).getByRole('button', { name: 'Not sent. Retry' })).toBeVisible();
  await page.waitForTimeout(3000);
  const offline = await announced(page, /offline|not sent/i);
  expect(offline.possibly.map((change) => [change.text, change.politeness])).toEqual([
    ['You are offline. Your messages will be sent when the connection returns.', 'polite'],
    ['Not sent. Retry', 'polite'],
  ]);
  expect(offline.reliably).toHaveLength(2);
  await context.setOffline(false);
});

test('given a form the server refuses, should announce the failure once, in the open dialog', async ({
  page,
}) => {
  await recordLiveRegions(page);
  // The left message is refused once (spec section 8: "Submit failed"); everything else is real.
  let refused = false;
  await page.route('**/api/chat/visitor/leaveMsg', async (route) => {
    if (refused) return route.continue();
    refused = true;
    return route.fulfill({ json: { code: 500, data: null, message: 'mail server down' } });
  });
  await page.goto('/chat/index?channelId=offline');
  await send(page, 'Please call me back');
  const dialog = page.getByRole('dialog', { name: 'Leave a message' });
  await dialog.getByLabel('Email').fill('visitor@example.com');
  await dialog.getByLabel(/^Message/).fill('About order 1042.');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  // The toast shows inside the dialog: the page behind a modal dialog is hidden from screen readers.
  await expect(dialog.getByRole('status').filter({ hasText: 'Submit failed' })).toBeVisible();
  const failed = await announced(page, 'Submit failed');
  expect(failed.possibly).toHaveLength(1);
  expect(failed.reliably).toHaveLength(1);
  expect(failed.reliably[0]?.politeness).toBe('polite');
});

test('given a queue, should announce the position and each new position once', async ({
  browser,
  request,
}) => {
  // Five visitors, each through a join or a queue position over the poll: about 20 s on a quiet
  // machine, more on a busy one.
  test.setTimeout(60_000);
  // Bob (capacity 1) and Alice (capacity 2) take the first three visitors; two more wait.
  const visitors = await Promise.all([0, 1, 2, 3, 4].map(() => browser.newPage()));
  for (const [index, visitor] of visitors.slice(0, 3).entries()) {
    await visitor.goto('/chat/index?channelId=human');
    await send(visitor, `Visitor ${index + 1} here`);
    await expect(conversation(visitor).getByText(/joined the chat/)).toBeVisible();
  }
  const [first, second] = visitors.slice(3) as [Page, Page];
  await first.goto('/chat/index?channelId=human');
  await send(first, 'Is anyone free?');
  await expect(conversation(first).getByText(/You are number 1 in the queue/)).toBeVisible();
  await recordLiveRegions(second);
  await second.goto('/chat/index?channelId=human');
  await send(second, 'Me too');
  await expect(conversation(second).getByText(/You are number 2 in the queue/)).toBeVisible();

  const bob = await Agent.login(request, 'bob');
  const [bobsChat] = await bob.chats();
  await bob.close((bobsChat as { sessionId: string }).sessionId);
  await expect(conversation(second).getByText(/You are number 1 in the queue/)).toBeVisible();
  await second.waitForTimeout(2500);
  expect((await announced(second, /number 2 in the queue/)).reliably).toHaveLength(1);
  const moved = await announced(second, /number 1 in the queue/);
  expect(moved.possibly).toHaveLength(1);
  expect(moved.reliably).toHaveLength(1);
  expect(moved.reliably[0]?.politeness).toBe('polite');
  for (const visitor of visitors) await visitor.close();
});
