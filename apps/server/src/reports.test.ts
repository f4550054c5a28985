import type { Report, ReportFigures } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, serverFor } from './test/harness.js';

// A month of conversations made through the real API with a clock the test moves, written down
// as they happen; the expected figures are worked out here from that log, without SQL, and the
// report must match every one of them.

const TIME_ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SECOND = 1000;

const agent = (
  id: string,
  nick: string,
  channels: string[],
  groups: string[],
  capacity: number,
  online = true,
) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity,
  channels,
  groups,
  online,
});

const seed: Seed = {
  channels: [
    {
      id: 'web',
      tenantId: 't',
      info: {
        receiveMode: 3,
        groupMode: 1,
        groupConfig: [
          { groupId: 'sales', groupName: 'Sales' },
          { groupId: 'support', groupName: 'Support' },
        ],
      },
    },
    { id: 'bot', tenantId: 't', info: { receiveMode: 0 } },
    { id: 'line', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    agent('ana', 'Ana', ['web', 'bot'], ['sales'], 100),
    agent('ben', 'Ben', ['web', 'bot'], ['support'], 100),
    agent('cat', 'Cat', ['line'], [], 1),
    { ...agent('lead', 'Lea', ['web', 'bot', 'line'], [], 0, false), role: 'admin' as const },
  ],
};

/** What the test did to one conversation, in its own terms. */
interface Logged {
  channel: string;
  group: string | null;
  createdAt: number;
  agent: string | null;
  takenAt: number | null;
  queuedAt: number | null;
  firstAgentMessageAt: number | null;
  closedAt: number | null;
  star: number | null;
  robotBeforeTaken: boolean;
  /** Left a message (a missed chat that is not a queue timeout). */
  leftAt: number | null;
  /** The inbox's labels the test gave the conversation (a left message's too). */
  labels: string[];
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seedValue: number) {
  let state = seedValue;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
const localHour = (ms: number) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(ms),
  );

/** The figures of some conversations and left messages, by the report's definitions. */
function expectedFigures(chats: Logged[], left: Logged[]): ReportFigures {
  const average = (values: number[]) =>
    values.length === 0 ? null : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  const taken = chats.filter((chat) => chat.takenAt !== null);
  const responded = taken.filter((chat) => chat.firstAgentMessageAt !== null);
  const resolved = taken.filter((chat) => chat.closedAt !== null);
  const rated = chats.filter((chat) => chat.star !== null);
  return {
    conversations: chats.length,
    firstResponseMs: average(responded.map((chat) => (chat.firstAgentMessageAt ?? 0) - (chat.takenAt ?? 0))),
    firstResponses: responded.length,
    resolutionMs: average(resolved.map((chat) => (chat.closedAt ?? 0) - chat.createdAt)),
    resolved: resolved.length,
    waitMs: average(taken.map((chat) => (chat.queuedAt === null ? 0 : (chat.takenAt ?? 0) - chat.queuedAt))),
    taken: taken.length,
    ratings: rated.length,
    csat: rated.length === 0 ? null : rated.filter((chat) => (chat.star ?? 0) >= 4).length / rated.length,
    handovers: taken.filter((chat) => chat.robotBeforeTaken).length,
    missed:
      chats.filter((chat) => chat.takenAt === null && chat.queuedAt !== null && chat.closedAt !== null)
        .length + left.length,
  };
}

const nullLast = (a: string | null, b: string | null) =>
  a === null ? 1 : b === null ? -1 : a.localeCompare(b);

function expectedReport(log: Logged[], from: string, to: string): Report {
  const inRange = log.filter((chat) => localDay(chat.createdAt) >= from && localDay(chat.createdAt) <= to);
  const left = log.filter(
    (chat) => chat.leftAt !== null && localDay(chat.leftAt) >= from && localDay(chat.leftAt) <= to,
  );
  const slice = <K extends string | number | null>(
    chatKey: (chat: Logged) => K,
    leftKey: (chat: Logged) => K,
  ) => ({
    keys: [...new Set([...inRange.map(chatKey), ...left.map(leftKey)])],
    of: (key: K) =>
      expectedFigures(
        inRange.filter((chat) => chatKey(chat) === key),
        left.filter((chat) => leftKey(chat) === key),
      ),
  });
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 24 * HOUR)
    days.push(new Date(at).toISOString().slice(0, 10));
  const byDay = slice(
    (chat) => localDay(chat.createdAt),
    (chat) => localDay(chat.leftAt ?? 0),
  );
  const byHour = slice(
    (chat) => localHour(chat.createdAt),
    (chat) => localHour(chat.leftAt ?? 0),
  );
  const byChannel = slice<string | null>(
    (chat) => chat.channel,
    (chat) => chat.channel,
  );
  const byGroup = slice<string | null>(
    (chat) => chat.group,
    () => null,
  );
  const byAgent = slice<string | null>(
    (chat) => chat.agent,
    () => null,
  );
  // A conversation counts under each of its labels: one slice per label, over those carrying it.
  const labels = [...new Set([...inRange, ...left].flatMap((chat) => chat.labels))].sort();
  const labelled = (label: string) =>
    expectedFigures(
      inRange.filter((chat) => chat.labels.includes(label)),
      left.filter((chat) => chat.labels.includes(label)),
    );
  const nicks: Record<string, string> = { ana: 'Ana', ben: 'Ben', cat: 'Cat' };
  return {
    from,
    to,
    timeZone: TIME_ZONE,
    totals: expectedFigures(inRange, left),
    byDay: days.map((day) => ({ day, ...byDay.of(day) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...byHour.of(hour) })),
    byChannel: (byChannel.keys as string[])
      .sort(nullLast)
      .map((channelId) => ({ channelId, ...byChannel.of(channelId) })),
    byGroup: byGroup.keys.sort(nullLast).map((groupId) => ({ groupId, ...byGroup.of(groupId) })),
    byAgent: byAgent.keys.sort(nullLast).map((agentId) => ({
      agentId,
      nick: agentId === null ? null : (nicks[agentId] ?? null),
      ...byAgent.of(agentId),
    })),
    byLabel: labels.map((label) => ({ label, ...labelled(label) })),
  };
}

describe.each(testDatabases())('reports on $name', (database) => {
  let now = Date.parse('2025-12-31T12:00:00Z');
  const server = serverFor(database, seed, { clock: () => now, agentSessionMs: 400 * 24 * HOUR });
  const log: Logged[] = [];
  const at = (time: number) => {
    now = time;
  };
  /** The labels' own generator, so labelling does not change the history the other one makes. */
  const labelRng = random(2707);
  let labeller: AgentClient | undefined;

  /** Gives the conversation none, one or two labels, as a team lead in the inbox would. */
  async function label(sessionId: string, labels: string[]) {
    if (!labeller) throw new Error('the lead labels: log in first');
    const answer = await labeller.call('PUT', `/api/agent/chats/${sessionId}/labels`, { labels });
    expect(answer.code).toBe(200);
  }
  const pickLabels = () => {
    const roll = labelRng();
    if (roll < 0.4) return [];
    const first = (['refund', 'shipping', 'vip'] as const)[Math.floor(labelRng() * 3)] as string;
    return roll < 0.8 ? [first] : [...new Set([first, 'vip'])];
  };

  async function start(
    channel: string,
    time: number,
  ): Promise<{ userId: string; sessionId: string; entry: Logged }> {
    at(time);
    const started = await server().start(channel);
    const entry: Logged = {
      channel,
      group: null,
      createdAt: time,
      agent: null,
      takenAt: null,
      queuedAt: null,
      firstAgentMessageAt: null,
      closedAt: null,
      star: null,
      robotBeforeTaken: false,
      leftAt: null,
      labels: pickLabels(),
    };
    log.push(entry);
    if (entry.labels.length > 0) await label(started.sessionId, entry.labels);
    return { ...started, entry };
  }

  async function ask(userId: string, entry: Logged, time: number, groupId?: string) {
    at(time);
    const answer = await server().visitor('transferAgent', { userId, ...(groupId && { groupId }) });
    entry.group = groupId ?? null;
    if (answer.data.status === 2) {
      entry.takenAt = time;
      entry.agent =
        ({ Ana: 'ana', Ben: 'ben', Cat: 'cat' } as Record<string, string>)[answer.data.adminNick] ?? null;
    } else if (answer.data.status === 3) entry.queuedAt = time;
    return answer.data.status as number;
  }

  async function reply(desk: AgentClient, sessionId: string, entry: Logged, time: number) {
    at(time);
    expect((await desk.send(sessionId, 'Hello')).code).toBe(200);
    entry.firstAgentMessageAt ??= time;
  }

  async function generateMonth() {
    const rng = random(27);
    const pick = <T>(values: readonly T[]) => values[Math.floor(rng() * values.length)] as T;
    const desks: Record<string, AgentClient> = {};
    at(Date.parse('2025-12-31T12:00:00Z'));
    labeller = await server().login('lead', 'pw-lead');
    for (const id of ['ana', 'ben', 'cat']) {
      at(Date.parse('2025-12-31T12:00:00Z'));
      desks[id] = await server().login(id, `pw-${id}`);
    }
    const desk = (id: string | null) => desks[id ?? ''] as AgentClient;

    const leaveOnly = async (time: number) => {
      const chat = await start('web', time);
      at(time + 30 * SECOND);
      await server().visitor('leaveMsg', {
        userId: chat.userId,
        channelId: 'web',
        name: 'V',
        content: 'Call me',
      });
      chat.entry.leftAt = time + 30 * SECOND;
      // The left message opened a conversation of its own in the inbox: it gets the same labels.
      const [opened] = await server().app.db.query<{ id: string }>(
        'select id from sessions where visitor_id = $1 and left_message',
        [chat.userId],
      );
      if (chat.entry.labels.length > 0) await label(opened?.id ?? '', chat.entry.labels);
    };
    // Around the range's edges in India time: before, first minute, last minute, after.
    await leaveOnly(Date.parse('2025-12-31T18:20:00Z'));
    await leaveOnly(Date.parse('2025-12-31T18:40:00Z'));

    for (let day = 1; day <= 31; day++) {
      const dayStart = Date.parse(`2026-01-${String(day).padStart(2, '0')}T00:00:00+05:30`);
      for (let slot = 0; slot < 3; slot++) {
        const t = dayStart + HOUR + slot * 7 * HOUR + Math.floor(rng() * 5 * HOUR);
        const kind = pick(['direct', 'direct', 'transfer', 'handover', 'robot', 'left', 'queue'] as const);
        if (kind === 'left') {
          await leaveOnly(t);
        } else if (kind === 'robot' || kind === 'handover') {
          const chat = await start('bot', t);
          at(t + 5 * SECOND);
          await server().visitor('sendMsg', { userId: chat.userId, msgContent: 'Hi' });
          await server().visitor('robotAsk', { userId: chat.userId, msgContent: 'Hi', msgId: `q${t}` });
          if (kind === 'robot') {
            at(t + 2 * MINUTE);
            await server().visitor('chatClose', { userId: chat.userId });
            chat.entry.closedAt = t + 2 * MINUTE;
            continue;
          }
          expect(await ask(chat.userId, chat.entry, t + MINUTE)).toBe(2);
          chat.entry.robotBeforeTaken = true;
          await reply(
            desk(chat.entry.agent),
            chat.sessionId,
            chat.entry,
            t + MINUTE + Math.floor(rng() * 300) * SECOND,
          );
          at(t + 40 * MINUTE);
          await desk(chat.entry.agent).chat(chat.sessionId, 'close');
          chat.entry.closedAt = t + 40 * MINUTE;
        } else if (kind === 'direct' || kind === 'transfer') {
          const chat = await start('web', t);
          const group = pick(['sales', 'support', undefined] as const);
          at(t + 10 * SECOND);
          await server().visitor('sendMsg', { userId: chat.userId, msgContent: 'Hello?' });
          expect(await ask(chat.userId, chat.entry, t + 20 * SECOND, group)).toBe(2);
          const answersAt = t + 20 * SECOND + Math.floor(rng() * 600) * SECOND;
          const answered = rng() < 0.9;
          if (answered) await reply(desk(chat.entry.agent), chat.sessionId, chat.entry, answersAt);
          if (kind === 'transfer') {
            const other = chat.entry.agent === 'ana' ? 'ben' : 'ana';
            at(answersAt + MINUTE);
            expect(
              (await desk(chat.entry.agent).chat(chat.sessionId, 'transfer', { agentId: other })).code,
            ).toBe(200);
            chat.entry.agent = other;
            await reply(desk(other), chat.sessionId, chat.entry, answersAt + 2 * MINUTE);
          }
          if (rng() < 0.6) {
            at(answersAt + 3 * MINUTE);
            const star = 1 + Math.floor(rng() * 5);
            await server().visitor('evaluate', { userId: chat.userId, star });
            chat.entry.star = star;
          }
          const ending = pick(['agent', 'visitor', 'open'] as const);
          const endAt = answersAt + 5 * MINUTE + Math.floor(rng() * 50) * MINUTE;
          at(endAt);
          if (ending === 'agent') await desk(chat.entry.agent).chat(chat.sessionId, 'close');
          if (ending === 'visitor') await server().visitor('chatClose', { userId: chat.userId });
          if (ending !== 'open') chat.entry.closedAt = endAt;
        } else {
          // Cat has one slot: the second visitor waits in the queue, a third sometimes gives up.
          const first = await start('line', t);
          expect(await ask(first.userId, first.entry, t + 5 * SECOND)).toBe(2);
          const second = await start('line', t + MINUTE);
          expect(await ask(second.userId, second.entry, t + MINUTE + 5 * SECOND)).toBe(3);
          if (rng() < 0.5) {
            const third = await start('line', t + 2 * MINUTE);
            expect(await ask(third.userId, third.entry, t + 2 * MINUTE + 5 * SECOND)).toBe(3);
            at(t + 4 * MINUTE);
            await server().visitor('chatClose', { userId: third.userId });
            third.entry.closedAt = t + 4 * MINUTE;
          }
          await reply(desk('cat'), first.sessionId, first.entry, t + 3 * MINUTE);
          const handOffAt = t + 5 * MINUTE + Math.floor(rng() * 20) * MINUTE;
          at(handOffAt);
          await desk('cat').chat(first.sessionId, 'close');
          first.entry.closedAt = handOffAt;
          second.entry.takenAt = handOffAt;
          second.entry.agent = 'cat';
          await reply(desk('cat'), second.sessionId, second.entry, handOffAt + 90 * SECOND);
          at(handOffAt + 30 * MINUTE);
          await desk('cat').chat(second.sessionId, 'close');
          second.entry.closedAt = handOffAt + 30 * MINUTE;
        }
      }
    }
    await leaveOnly(Date.parse('2026-01-31T18:29:00Z'));
    await leaveOnly(Date.parse('2026-01-31T18:31:00Z'));
  }

  it('given a generated month of conversations, should compute every figure of every slice', async () => {
    await generateMonth();
    const lead = await server().login('lead', 'pw-lead');
    const answer = await lead.call<Report>(
      'GET',
      `/api/agent/reports?from=2026-01-01&to=2026-01-31&timeZone=${encodeURIComponent(TIME_ZONE)}`,
    );
    expect(answer.code).toBe(200);
    const expected = expectedReport(log, '2026-01-01', '2026-01-31');
    expect(expected.totals.conversations).toBeGreaterThan(90);
    expect(expected.totals.missed).toBeGreaterThan(0);
    expect(expected.totals.handovers).toBeGreaterThan(0);
    expect(answer.data.totals).toEqual(expected.totals);
    expect(answer.data.byChannel).toEqual(expected.byChannel);
    expect(answer.data.byGroup).toEqual(expected.byGroup);
    expect(answer.data.byAgent).toEqual(expected.byAgent);
    expect(answer.data.byHour).toEqual(expected.byHour);
    expect(answer.data.byDay).toEqual(expected.byDay);
    expect(expected.byLabel.map((row) => row.label)).toEqual(['refund', 'shipping', 'vip']);
    expect(expected.byLabel.every((row) => row.missed > 0 && row.ratings > 0)).toBe(true);
    expect(answer.data.byLabel).toEqual(expected.byLabel);
    expect(answer.data).toEqual(expected);

    const week = await lead.call<Report>(
      'GET',
      `/api/agent/reports?from=2026-01-05&to=2026-01-11&timeZone=UTC`,
    );
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const inWeek = (ms: number) => utcDay(ms) >= '2026-01-05' && utcDay(ms) <= '2026-01-11';
    expect(week.data.totals).toEqual(
      expectedFigures(
        log.filter((chat) => inWeek(chat.createdAt)),
        log.filter((chat) => chat.leftAt !== null && inWeek(chat.leftAt)),
      ),
    );
  }, 300_000);

  it('given the CSV export, should carry the same numbers as the JSON answer', async () => {
    const lead = await server().login('lead', 'pw-lead');
    const query = `from=2026-01-01&to=2026-01-31&timeZone=${encodeURIComponent(TIME_ZONE)}&channelId=line`;
    const json = (await lead.call<Report>('GET', `/api/agent/reports?${query}`)).data;
    const response = await server().app.inject({
      method: 'GET',
      url: `/api/agent/reports.csv?${query}`,
      headers: { authorization: `Bearer ${lead.token}` },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = response.body.trimEnd().split('\r\n');
    const names = header?.split(',').slice(3) ?? [];
    const rows = lines.map((line) => line.split(','));
    const figures = (row: ReportFigures) =>
      names.map((name) => String(row[name as keyof ReportFigures] ?? ''));
    expect(rows[0]).toEqual(['totals', '', '', ...figures(json.totals)]);
    expect(rows.filter((row) => row[0] === 'day')).toEqual(
      json.byDay.map((row) => ['day', row.day, '', ...figures(row)]),
    );
    expect(rows.filter((row) => row[0] === 'agent')).toEqual(
      json.byAgent.map((row) => ['agent', row.agentId ?? '', row.nick ?? '', ...figures(row)]),
    );
    expect(rows.filter((row) => row[0] === 'label')).toEqual(
      json.byLabel.map((row) => ['label', row.label, '', ...figures(row)]),
    );
    expect(json.byLabel.length).toBeGreaterThan(0);
    expect(json.byChannel.map((row) => row.channelId)).toEqual(['line']);
    expect(rows.length).toBe(
      1 + 31 + 24 + json.byChannel.length + json.byGroup.length + json.byAgent.length + json.byLabel.length,
    );
  });

  it('given a bad range or time zone, or no login, should refuse with a clear message', async () => {
    const lead = await server().login('lead', 'pw-lead');
    const bad = async (query: string) =>
      (await lead.call('GET', `/api/agent/reports?${query}`)) as { code: number; message: string };
    expect(await bad('from=2026-01-31&to=2026-01-01')).toMatchObject({
      code: 400,
      message: expect.stringContaining('from no later than to'),
    });
    expect(await bad('from=2026-01-01&to=2026-01-02&timeZone=Mars/Olympus')).toMatchObject({
      code: 400,
      message: expect.stringContaining('not a time zone'),
    });
    expect(await bad('from=2024-01-01&to=2026-01-02')).toMatchObject({
      code: 400,
      message: expect.stringContaining('366 days'),
    });
    expect((await bad('from=yesterday&to=2026-01-02')).code).toBe(400);
    const anonymous = await server().app.inject({
      method: 'GET',
      url: '/api/agent/reports?from=2026-01-01&to=2026-01-02',
    });
    expect(anonymous.statusCode).toBe(401);
    // An agent who is not an administrator (a team lead) gets neither the figures nor the CSV.
    const ana = await server().login('ana', 'pw-ana');
    for (const path of ['/api/agent/reports', '/api/agent/reports.csv'])
      expect((await ana.call('GET', `${path}?from=2026-01-01&to=2026-01-02`)).code).toBe(403);
  });
});
