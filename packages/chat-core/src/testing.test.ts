import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { createChatSession } from './session.js';
import { advance, installFakeClock } from './test/fakeServer.js';
import { agentEvent, CHANNEL, FakeServer } from './testing.js';

installFakeClock();

describe('@parley/chat-core/testing', () => {
  it('given the README example, should drive a whole session without a network', async () => {
    const server = new FakeServer().reply('channelInfo', { ...CHANNEL, titleDesc: 'Shop help' });
    const chat = createChatSession({
      transport: server,
      search: '?channelId=7',
      storage: createMemoryStorage(),
      logger: { info() {}, warn() {}, error() {} },
    });
    await chat.start();
    expect(chat.getSnapshot().documentTitle).toBe('Shop help');
    expect(server.bodies('channelInfo')[0]).toMatchObject({ id: '7' });

    server.chatStatus = 3;
    server.waitIndex = 4;
    await advance(5_000);
    expect(chat.getSnapshot().waitIndex).toBe(4);
    expect(chat.getSnapshot().messages.map((message) => message.msgContent)).toContain(
      'You are number 4 in line',
    );

    server.chatStatus = 2;
    server.queueEvents(
      { msgId: 'j1', event_type: 1200, adminNick: 'Ann' },
      agentEvent('a1', 'Hello, I am Ann'),
    );
    await advance(5_000);
    expect(chat.getSnapshot().chatStatus).toBe(2);
    expect(chat.getSnapshot().messages.map((message) => message.msgContent)).toContain('Hello, I am Ann');

    server.refuse('sendMsg', 'busy');
    await chat.sendText('Are you there?');
    expect(chat.getSnapshot().messages.at(-1)).toMatchObject({
      msgContent: 'Are you there?',
      status: 'fail',
    });
    expect(server.count('sendMsg')).toBeGreaterThanOrEqual(1);
    chat.dispose();
  });
});
