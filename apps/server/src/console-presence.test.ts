import { TransferStatus, VisitorEvent } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { PRESENCE_TIMEOUT_MS } from './conversation/presence.js';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { accountItem, agentApi, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { channelWithGroups, testAgent } from './test/harness.js';
import { needs } from './test/services.js';

// Presence and visibility as agents live them in the console (docs/routing.md): nobody is online
// until they open the console, Log out makes the agent offline for the very next visitor, and a
// chat handed to a colleague of another department appears in her list at once.

const seed: Seed = {
  channels: [channelWithGroups('shop', { sales: 'Sales', support: 'Support' })],
  agents: [
    testAgent('alice', { channels: ['shop'], groups: ['sales'] }),
    testAgent('bob', { channels: ['shop'], groups: ['support'] }),
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('presence and reach in the console, in Chromium', () => {
  const suite = consoleSuite(
    database,
    seed,
    { presenceTimeoutMs: PRESENCE_TIMEOUT_MS },
    { atConsoles: false },
  );
  const { visitor, logInHeld, visitorEvents } = suite;
  const askFor = async (groupId: string) => {
    const started = await visitor('chatStart', { channelId: 'shop', groupId, userName: `Vera ${groupId}` });
    const answer = await visitor('transferAgent', { userId: started.userId });
    return { started, answer };
  };

  it('should route to nobody before anyone logs in, to Bob while his console is open, and to nobody once he logs out', async () => {
    const before = await askFor('support');
    expect(before.answer.status).toBe(TransferStatus.agentsOffline);
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const bob = await context.newPage();
      await logInHeld(bob, 'bob', 'pw-bob', 'Bob');
      const served = await askFor('support');
      expect(served.answer).toMatchObject({ status: TransferStatus.connected, adminNick: 'Bob' });
      await visitor('chatClose', { userId: served.started.userId });
      await accountItem(bob, 'Log out');
      await bob.getByLabel('Username').waitFor(SOON);
      const after = await askFor('support');
      expect(after.answer.status).toBe(TransferStatus.agentsOffline);
      expect((await visitorEvents(after.started)).map((event) => event.event_type)).not.toContain(
        VisitorEvent.agentJoined,
      );
    } finally {
      await context.close();
    }
  });

  it("should show a chat Bob of Support hands to Alice of Sales in Alice's list at once, let her read it, and show her away in his transfer picker when she is", async () => {
    const aliceContext = await suite.browser.newContext({ locale: 'en-US' });
    const bobContext = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const alice = await aliceContext.newPage();
      const bob = await bobContext.newPage();
      await logInHeld(alice, 'alice', 'pw-alice', 'Alice');
      await logInHeld(bob, 'bob', 'pw-bob', 'Bob');
      const { started, answer } = await askFor('support');
      expect(answer.adminNick).toBe('Bob');
      await visitor('sendMsg', {
        userId: started.userId,
        senderType: 1,
        msgType: 1,
        msgContent: 'My invoice is wrong',
        msgTime: Date.now(),
      });
      const handed = await agentApi(bob, 'POST', `/api/agent/chats/${started.sessionId}/transfer`, {
        agentId: 'alice',
        note: 'A billing question',
      });
      expect(handed.code).toBe(200);
      // Live, without a reload: the chat is in Alice's list, and she reads the visitor's words.
      const row = alice.getByText('Vera support').first();
      await row.waitFor(SOON);
      await row.click();
      await alice.getByText('My invoice is wrong').first().waitFor(SOON);
      expect((await agentApi(alice, 'GET', `/api/agent/conversations/${started.sessionId}`)).code).toBe(200);
      const found = await agentApi(alice, 'GET', `/api/agent/search?q=invoice`);
      expect(
        found.data.hits.map((hit: { conversation: { sessionId: string } }) => hit.conversation.sessionId),
      ).toContain(started.sessionId);
      // The visitor's next words reach Alice.
      await visitor('sendMsg', {
        userId: started.userId,
        senderType: 1,
        msgType: 1,
        msgContent: 'It says 40 instead of 30',
        msgTime: Date.now(),
      });
      await alice.getByText('It says 40 instead of 30').first().waitFor(SOON);

      // Alice goes away: Bob's transfer picker shows her as routing does, away and not choosable.
      await agentApi(alice, 'POST', '/api/agent/status', { away: true });
      const second = await askFor('support');
      expect(second.answer.adminNick).toBe('Bob');
      await bob
        .getByRole('navigation')
        .getByRole('button', { name: /Vera support/ })
        .first()
        .click();
      await bob.getByRole('button', { name: 'Transfer', exact: true }).click();
      const dialog = bob.getByRole('dialog', { name: /Transfer the chat with/ });
      await dialog.getByText('Away: takes no new chats').waitFor(SOON);
      expect(await dialog.getByRole('radio', { name: 'Alice' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await aliceContext.close();
      await bobContext.close();
    }
  }, 60_000);
});
