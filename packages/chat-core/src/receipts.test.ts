import { describe, expect, it, vi } from 'vitest';
import { advance, agentEvent, installFakeClock, started } from './test/fakeServer.js';

installFakeClock();

describe('read receipts', () => {
  it('given status 2 and several agent messages, should send at most one receipt per 5 s', async () => {
    const { server } = await started({ start: { status: 2 } });
    server.queueEvents(agentEvent('m1', 'a'));
    server.queueEvents(agentEvent('m2', 'b'));
    await advance(4000);
    expect(server.count('msgComplete')).toBe(1);
    await advance(2999);
    expect(server.count('msgComplete')).toBe(1);
    await advance(1);
    expect(server.count('msgComplete')).toBe(2);
  });

  it('given a hidden page, should send no receipt, then one when the tab becomes visible', async () => {
    const { server, visibility } = await started({ start: { status: 2 } });
    visibility.set(false);
    server.queueEvents(agentEvent('m1', 'a'));
    await advance(2000);
    expect(server.count('msgComplete')).toBe(0);
    visibility.set(true);
    await advance(0);
    expect(server.count('msgComplete')).toBe(1);
  });

  it('given status other than 2, should send no receipt', async () => {
    const { server, session } = await started();
    server.queueEvents(agentEvent('m1', 'a'));
    await advance(5000);
    session.setPageVisible(true);
    expect(server.count('msgComplete')).toBe(0);
  });

  it('given a receipt fails, should only log it', async () => {
    const { server, logger } = await started({ start: { status: 2 } });
    server.refuse('msgComplete');
    server.queueEvents(agentEvent('m1', 'a'));
    await advance(2000);
    expect(logger.warn).toHaveBeenCalledWith('msgComplete failed', expect.anything());
  });
});

describe('typing notices', () => {
  it('given status 2, should send at most one per 500 ms, the latest text last', async () => {
    const { server, session } = await started({ start: { status: 2 } });
    session.notifyTyping('H');
    session.notifyTyping('He');
    session.notifyTyping('Hel');
    await advance(0);
    expect(server.bodies('typing')).toEqual([{ userId: 'u1', msgContent: 'H' }]);
    await advance(500);
    expect(server.bodies('typing').map((body) => body.msgContent)).toEqual(['H', 'Hel']);
  });

  it('given a late timer (a busy page), should send the pending notice once, never twice in a row', async () => {
    const { server, session } = await started({ start: { status: 2 } });
    session.notifyTyping('H');
    session.notifyTyping('He');
    // The page was busy: 600 ms went by and the 500 ms timer has not run when the next key comes.
    vi.setSystemTime(Date.now() + 600);
    session.notifyTyping('Hel');
    await advance(500);
    expect(server.bodies('typing').map((body) => body.msgContent)).toEqual(['H', 'Hel']);
  });

  it('given status other than 2, should send nothing', async () => {
    const { server, session } = await started();
    session.notifyTyping('Hello');
    await advance(1000);
    expect(server.count('typing')).toBe(0);
  });
});
