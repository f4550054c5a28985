import { VisitorEvent } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { REPLY_TIME_MIN_CHATS, TEAM_TTL_MS } from './conversation/channelTeam.js';
import { DEFAULT_REPLY_TARGET_MS } from './conversation/inbox.js';
import { nextOpening } from './conversation/workingHours.js';
import { testDatabases } from './test/databases.js';
import { type Data, seedWith, serverFor } from './test/harness.js';

// What a visitor's first screen is told (contract: "Who answers, and what they have read"): who
// answers on a channel, how soon, when it opens; each agent's avatar on their messages; and
// "Seen" once the serving agent has read the visitor.

const agent = (id: string, channels: string[], extra: Record<string, unknown> = {}) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id[0]?.toUpperCase() + id.slice(1),
  capacity: 50,
  channels,
  online: true,
  ...extra,
});

const seed = seedWith(
  [
    {
      id: 'desk',
      tenantId: 't',
      info: { receiveMode: 3, robotAvatar: '/robot.png' },
      replyTargetMs: 120_000,
    },
    { id: 'quiet', tenantId: 't', info: { receiveMode: 3 } },
    {
      id: 'shut',
      tenantId: 't',
      info: { receiveMode: 3 },
      workingHours: { timeZone: 'UTC', windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] },
    },
  ],
  [
    agent('ana', ['desk'], { avatar: 'https://cdn.example/ana.png' }),
    agent('ben', ['desk'], { avatar: 'javascript:alert(1)' }),
    agent('cy', ['desk'], { online: false }),
    agent('dee', ['desk'], { online: false }),
    agent('eve', ['quiet'], { online: false }),
    agent('fay', ['shut']),
  ],
);

describe.each(testDatabases())('the first screen on $name', (database) => {
  // Sunday 1 November 2026, 12:00 UTC: `shut` is closed until Monday 09:00.
  let now = Date.UTC(2026, 10, 1, 12);
  const server = serverFor(database, seed, { clock: () => now });
  const tick = (ms = 1000) => {
    now += ms;
  };
  const info = async (id: string) => (await server().visitor('channelInfo', { id })).data as Data;
  const events = async (visitor: { userId: string; pollId: string }) =>
    ((await server().visitor('getEventMsg', { userId: visitor.userId, pollId: visitor.pollId })).data as Data)
      .msgList as Data[];

  it('should say who answers: up to 3 agents, those taking chats first, with safe avatars and no account details', async () => {
    const team = (await info('desk')).team;
    expect(team.online).toBe(true);
    expect(team.agents).toEqual([
      { name: 'Ana', avatar: 'https://cdn.example/ana.png' },
      // A javascript: avatar never reaches a page.
      { name: 'Ben' },
      { name: 'Cy' },
    ]);
    expect(JSON.stringify(team)).not.toMatch(/username|capacity|pw-|"id"/);
    expect((await info('desk')).robotAvatar).toBe('/robot.png');
  });

  it('should say nobody is taking chats when every agent is offline, and give the channel target as the reply time', async () => {
    const team = (await info('quiet')).team;
    expect(team).toMatchObject({ online: false, agents: [{ name: 'Eve' }] });
    expect(team.replyTime).toBe(DEFAULT_REPLY_TARGET_MS);
    expect((await info('desk')).team.replyTime).toBe(120_000);
  });

  it('should give the next opening of a channel outside its hours, and none while it is open', async () => {
    expect((await info('shut')).team).toMatchObject({ opensAt: Date.UTC(2026, 10, 2, 9), online: false });
    expect((await info('desk')).team.opensAt).toBeUndefined();
  });

  it(`should measure the usual reply time once the channel has ${REPLY_TIME_MIN_CHATS} answered chats, and read the team again after ${TEAM_TTL_MS} ms`, async () => {
    const ana = await server().login('ana', 'pw-ana');
    // Waits of 10, 20, 30, 40 and 50 s: the median is 30 s.
    for (const wait of [10_000, 20_000, 30_000, 40_000, 50_000]) {
      const visitor = await server().start('desk');
      await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' });
      tick(wait);
      await ana.send(visitor.sessionId, 'Hello!');
      tick();
    }
    expect((await info('desk')).team.replyTime).toBe(30_000);
    // A team that stops taking chats is the remembered one until the TTL has passed.
    await ana.call('POST', '/api/agent/status', { online: true, away: true });
    const ben = await server().login('ben', 'pw-ben');
    await ben.call('POST', '/api/agent/status', { online: false });
    tick(TEAM_TTL_MS - 2000);
    expect((await info('desk')).team.online).toBe(true);
    tick(2000);
    const team = (await info('desk')).team;
    expect(team.online).toBe(false);
    await ana.call('POST', '/api/agent/status', { online: true, away: false });
    await ben.call('POST', '/api/agent/status', { online: true });
    tick(TEAM_TTL_MS);
  });

  it("should carry the writing agent's avatar on their messages, in the poll and in the history", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await server().start('desk');
    await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' });
    tick();
    await ana.send(visitor.sessionId, 'I am Ana.');
    const message = (await events(visitor)).find((event) => event.event_type === VisitorEvent.agentMessage);
    expect(message).toMatchObject({ msgContent: 'I am Ana.', senderAvatar: 'https://cdn.example/ana.png' });
    const history = (
      await server().visitor('getSessionMsg', { userId: visitor.userId, sessionId: visitor.sessionId })
    ).data as Data[];
    expect(history.find((one) => one.msgContent === 'I am Ana.')?.senderAvatar).toBe(
      'https://cdn.example/ana.png',
    );
  });

  it("should tell the visitor once what the serving agent read, by the page's id, and keep it in the history", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await server().start('desk');
    await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' });
    tick();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'First', clientMsgId: 'page-1' });
    tick();
    await server().visitor('sendMsg', {
      userId: visitor.userId,
      msgContent: 'Second',
      clientMsgId: 'page-2',
    });
    tick();
    await events(visitor);
    // Another agent reading changes nothing for the visitor.
    const ben = await server().login('ben', 'pw-ben');
    await ben.chat(visitor.sessionId, 'seen');
    expect((await events(visitor)).filter((event) => event.event_type === VisitorEvent.agentRead)).toEqual(
      [],
    );

    const readAt = now;
    await ana.chat(visitor.sessionId, 'seen');
    const read = (await events(visitor)).filter((event) => event.event_type === VisitorEvent.agentRead);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ clientMsgId: 'page-2', readAt });
    // Nothing new read: no second event.
    tick();
    await ana.chat(visitor.sessionId, 'seen');
    expect(
      (await events(visitor)).filter((event) => event.event_type === VisitorEvent.agentRead),
    ).toHaveLength(1);

    const history = (
      await server().visitor('getSessionMsg', { userId: visitor.userId, sessionId: visitor.sessionId })
    ).data as Data[];
    const mine = history.filter((one) => one.senderType === 1);
    expect(mine.map((one) => [one.msgContent, one.readAt])).toEqual([
      ['First', readAt],
      ['Second', readAt],
    ]);
    expect(read[0].msgId).toBe(mine[1].id);
  });
});

describe('the next opening of a closed channel', () => {
  const weekdays = {
    timeZone: 'Europe/Paris',
    windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' }],
  };

  it('should be the next window start in the channel time zone', () => {
    // Friday 27 November 2026 18:00 in Paris (17:00 UTC): Monday 09:00 Paris is 08:00 UTC.
    expect(nextOpening(weekdays, Date.UTC(2026, 10, 27, 17))).toBe(Date.UTC(2026, 10, 30, 8));
    // Before opening on a weekday: the same day.
    expect(nextOpening(weekdays, Date.UTC(2026, 10, 24, 6, 30))).toBe(Date.UTC(2026, 10, 24, 8));
  });

  it('should count a change to summer time on the way', () => {
    // Saturday 28 March 2026 in Paris (UTC+1); clocks go to UTC+2 on Sunday 29 March.
    expect(nextOpening(weekdays, Date.UTC(2026, 2, 28, 12))).toBe(Date.UTC(2026, 2, 30, 7));
  });

  it('should be undefined while open, with no hours, and for a channel that never opens', () => {
    expect(nextOpening(weekdays, Date.UTC(2026, 10, 24, 10))).toBeUndefined();
    expect(nextOpening(undefined, Date.UTC(2026, 10, 24, 10))).toBeUndefined();
    expect(nextOpening({ windows: [] }, Date.UTC(2026, 10, 24, 10))).toBeUndefined();
  });
});
