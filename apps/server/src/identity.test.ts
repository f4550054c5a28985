import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelIdentity, type Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Harness, harness } from './test/harness.js';

// The comparison of signatures is observed, not replaced: the real timingSafeEqual answers.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const DESK_SECRET = 'desk-secret-7f3a9c1e5b2d4f60';
const SHOP_SECRET = 'shop-secret-from-the-environment';
const SECRET_VARIABLE = 'PARLEY_IDENTITY_SECRET_TEST_SHOP';

/** What the host site's server does (apps/server/README.md, "Verified visitor identity"). */
const sign = (pid: string, secret = DESK_SECRET) => createHmac('sha256', secret).update(pid).digest('hex');
/** The expiring form: `e=<expiry, unix seconds>,v1=hex(HMAC(secret, "<expiry>.<pid>"))`. */
const signUntil = (pid: string, expiresAtMs: number, secret = DESK_SECRET) => {
  const expiry = Math.floor(expiresAtMs / 1000);
  return `e=${expiry},v1=${sign(`${expiry}.${pid}`, secret)}`;
};
const HOUR_MS = 60 * 60 * 1000;

const seed: Seed = {
  channels: [
    {
      id: 'id-required',
      tenantId: 'shop',
      info: { receiveMode: 3 },
      identity: 'required',
      identitySecret: DESK_SECRET,
    },
    {
      id: 'id-optional',
      tenantId: 'shop',
      info: { receiveMode: 3 },
      identity: 'optional',
      identitySecretEnv: SECRET_VARIABLE,
    },
    { id: 'id-off', tenantId: 'shop', info: { receiveMode: 3 } },
  ],
  // capacity 0: every visitor who asks for an agent waits in the queue the agent sees, and the
  // agent joins by hand beyond its capacity
  agents: [
    {
      id: 'ida',
      username: 'ida',
      password: 'pw-ida',
      nick: 'Ida',
      capacity: 0,
      channels: ['id-required', 'id-optional', 'id-off'],
      online: true,
    },
  ],
};

describe.each(testDatabases())('verified visitor identity on $name', (database) => {
  let server: Harness;
  let agent: AgentClient;

  beforeAll(async () => {
    vi.stubEnv(SECRET_VARIABLE, SHOP_SECRET);
    // every test starts visitors from one address: more than chatStart's default budget per IP
    server = await harness(await database.open(), seed, { rateLimits: { chatStart: 1000 } });
    agent = await server.login('ida', 'pw-ida');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.app.close();
    await server.app.db.close();
  });

  const visitorCount = async () =>
    Number((await server.app.db.query<{ n: string }>('select count(*) as n from visitors'))[0]?.n);

  /** The visitor asks for an agent; what the agent's console is told about it in the queue. */
  const seenByAgent = async (userId: string) => {
    await server.visitor('transferAgent', { userId });
    const { data } = await agent.poll();
    return data.queue.find((entry: { visitorId: string }) => entry.visitorId === userId);
  };

  /** A chatStart that must be refused: its answer, and proof that no visitor was created. */
  const refused = async (body: Record<string, unknown>) => {
    const before = await visitorCount();
    const answer = await server.visitor('chatStart', body);
    expect(await visitorCount()).toBe(before);
    return answer;
  };

  describe('a channel that requires it', () => {
    it('given a pid and its signature, should start a visitor the agent sees as verified with that pid', async () => {
      const { userId } = await server.start('id-required', { pid: 'user-1', pidSignature: sign('user-1') });
      expect(await seenByAgent(userId)).toMatchObject({ verified: true, verifiedPid: 'user-1' });
    });

    it('given a pid without a signature, should refuse with 401 naming pidSignature and create nothing', async () => {
      const answer = await refused({ channelId: 'id-required', pid: 'user-1' });
      expect(answer).toMatchObject({
        status: 401,
        code: 401,
        data: null,
        message: 'pidSignature is missing: this channel takes verified visitors only',
      });
    });

    it('given no pid, should refuse with 401 naming pid and create nothing', async () => {
      const answer = await refused({ channelId: 'id-required' });
      expect(answer).toMatchObject({ status: 401, code: 401, data: null });
      expect(answer.message).toContain('pid and pidSignature are missing');
    });

    it.each([
      ['the signature of another pid', () => sign('user-2')],
      ['a signature made with another secret', () => sign('user-1', SHOP_SECRET)],
      ['a signature with its last digit changed', () => `${sign('user-1').slice(0, -1)}x`],
      ['a signature one byte too long', () => `${sign('user-1')}00`],
      ['a short signature', () => 'abc123'],
      ['a signature that is not hex', () => 'z'.repeat(64)],
    ])(
      'given %s, should refuse with 401 "pidSignature does not match pid" and create nothing',
      async (_name, signature) => {
        const answer = await refused({ channelId: 'id-required', pid: 'user-1', pidSignature: signature() });
        expect(answer).toMatchObject({
          status: 401,
          code: 401,
          data: null,
          message: 'pidSignature does not match pid',
        });
      },
    );

    it('given an expiring signature still valid, should start a verified visitor', async () => {
      const pidSignature = signUntil('user-e1', Date.now() + HOUR_MS);
      const { userId } = await server.start('id-required', { pid: 'user-e1', pidSignature });
      expect(await seenByAgent(userId)).toMatchObject({ verified: true, verifiedPid: 'user-e1' });
    });

    it.each([
      ['expired a second ago', () => signUntil('user-e2', Date.now() - 1000), 'has expired'],
      ['valid for 31 days', () => signUntil('user-e2', Date.now() + 31 * 24 * HOUR_MS), 'more than 30 days'],
      [
        'with its expiry changed',
        () => signUntil('user-e2', Date.now() + HOUR_MS).replace(/^e=\d/, 'e=9'),
        'does not match',
      ],
      ['for another pid', () => signUntil('user-e3', Date.now() + HOUR_MS), 'does not match'],
      [
        'made with another secret',
        () => signUntil('user-e2', Date.now() + HOUR_MS, SHOP_SECRET),
        'does not match',
      ],
    ])('given an expiring signature %s, should refuse with 401 saying why', async (_name, signature, why) => {
      const answer = await refused({ channelId: 'id-required', pid: 'user-e2', pidSignature: signature() });
      expect(answer).toMatchObject({ status: 401, code: 401, data: null });
      expect(answer.message).toContain(why);
    });

    it('given an expired signature\'s hex as a plain signature of "<expiry>.<pid>", should refuse it', async () => {
      const expired = signUntil('user-e4', Date.now() - 1000);
      const [, expiry, hex] = /^e=(\d+),v1=([0-9a-f]+)$/.exec(expired) ?? [];
      const answer = await refused({ channelId: 'id-required', pid: `${expiry}.user-e4`, pidSignature: hex });
      expect(answer).toMatchObject({ status: 401, code: 401, data: null });
      expect(answer.message).toContain('expiring form');
    });

    it('given a plain signature of a pid that does not start with digits and a dot, should still take it', async () => {
      const started = await server.visitor('chatStart', {
        channelId: 'id-required',
        pid: 'v2.user-6',
        pidSignature: sign('v2.user-6'),
      });
      expect(started.code).toBe(200);
    });

    it('given the signature in upper-case hex, should take it as the same signature', async () => {
      const started = await server.visitor('chatStart', {
        channelId: 'id-required',
        pid: 'user-3',
        pidSignature: sign('user-3').toUpperCase(),
      });
      expect(started.code).toBe(200);
    });

    it('given a refused start, should not have touched the returning visitor it named', async () => {
      const first = await server.start('id-required', { pid: 'user-4', pidSignature: sign('user-4') });
      const answer = await refused({
        channelId: 'id-required',
        userId: first.userId,
        pid: 'user-5',
        pidSignature: sign('user-4'),
      });
      expect(answer.code).toBe(401);
      expect(await seenByAgent(first.userId)).toMatchObject({ verified: true, verifiedPid: 'user-4' });
    });
  });

  describe('comparing signatures', () => {
    const compare = vi.mocked(timingSafeEqual);
    beforeEach(() => {
      compare.mockClear();
    });

    it('given a wrong signature of the right length, should compare all 32 bytes in constant time and refuse', async () => {
      const wrong = sign('user-1').replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
      const answer = await server.visitor('chatStart', {
        channelId: 'id-required',
        pid: 'user-1',
        pidSignature: wrong,
      });
      expect(answer.code).toBe(401);
      expect(compare).toHaveBeenCalledTimes(1);
      const [expected, given] = compare.mock.calls[0] as [Buffer, Buffer];
      expect([expected.length, given.length]).toEqual([32, 32]);
      expect(compare.mock.results[0]?.value).toBe(false);
    });

    it('given the right signature, should accept it through the same comparison', async () => {
      await server.start('id-required', { pid: 'user-1', pidSignature: sign('user-1') });
      expect(compare).toHaveBeenCalledTimes(1);
      expect(compare.mock.results[0]?.value).toBe(true);
    });
  });

  describe('a channel where it is optional (its secret from the environment)', () => {
    it('given a valid signature, should mark the visitor verified', async () => {
      const { userId } = await server.start('id-optional', {
        pid: 'user-10',
        pidSignature: sign('user-10', SHOP_SECRET),
      });
      expect(await seenByAgent(userId)).toMatchObject({ verified: true, verifiedPid: 'user-10' });
    });

    it('given a wrong signature, should refuse with 401 and create nothing', async () => {
      const answer = await refused({
        channelId: 'id-optional',
        pid: 'user-10',
        pidSignature: sign('user-10', DESK_SECRET),
      });
      expect(answer).toMatchObject({ code: 401, message: 'pidSignature does not match pid' });
    });

    it.each([
      ['a pid without a signature', { pid: 'user-11' }],
      ['no pid', {}],
    ])('given %s, should start the visitor unverified', async (_name, identity) => {
      const { userId } = await server.start('id-optional', identity);
      expect(await seenByAgent(userId)).toMatchObject({ verified: false, verifiedPid: null });
    });
  });

  describe('a channel where it is off', () => {
    it('given a pid and a signature, should not look at the signature and start the visitor unverified', async () => {
      for (const pidSignature of [sign('user-20'), 'not a signature']) {
        const { userId } = await server.start('id-off', { pid: 'user-20', pidSignature });
        expect(await seenByAgent(userId)).toMatchObject({ verified: false, verifiedPid: null });
      }
    });
  });

  describe('a returning visitor', () => {
    const verifiedAs = (pid: string, userId?: string) =>
      server.start('id-optional', { pid, pidSignature: sign(pid, SHOP_SECRET), ...(userId && { userId }) });

    it('given its own pid signed again, should go on as the same verified visitor', async () => {
      const first = await verifiedAs('user-30');
      const again = await verifiedAs('user-30', first.userId);
      expect(again.userId).toBe(first.userId);
      expect(again.sessionId).toBe(first.sessionId);
      expect(await seenByAgent(again.userId)).toMatchObject({ verified: true, verifiedPid: 'user-30' });
    });

    it('given another pid without a signature, should not re-bind the verified id: a new unverified visitor starts', async () => {
      const first = await verifiedAs('user-31');
      const other = await server.start('id-optional', { userId: first.userId, pid: 'user-32' });
      expect(other.userId).not.toBe(first.userId);
      expect(await seenByAgent(other.userId)).toMatchObject({ verified: false, verifiedPid: null });
      expect(await seenByAgent(first.userId)).toMatchObject({ verified: true, verifiedPid: 'user-31' });
    });

    it("given another pid with a valid signature, should start that person's own visitor, without the first one's history", async () => {
      const first = await verifiedAs('user-33');
      await server.visitor('sendMsg', {
        userId: first.userId,
        msgContent: 'my order 1234',
        clientMsgId: 'a-1',
      });
      const other = await verifiedAs('user-34', first.userId);
      expect(other.userId).not.toBe(first.userId);
      expect(await seenByAgent(other.userId)).toMatchObject({ verified: true, verifiedPid: 'user-34' });
      const history = await server.visitor('getHistoryMsg', {
        userId: other.userId,
        maxTime: Date.now() + 60_000,
      });
      expect(history.data).toEqual([]);
    });

    it('given another pid with a wrong signature, should refuse it and leave the visitor as it was', async () => {
      const first = await verifiedAs('user-35');
      const answer = await refused({
        channelId: 'id-optional',
        userId: first.userId,
        pid: 'user-36',
        pidSignature: sign('user-35', SHOP_SECRET),
      });
      expect(answer.code).toBe(401);
      expect((await verifiedAs('user-35', first.userId)).userId).toBe(first.userId);
    });

    it('given an unverified visitor who comes back signed, should verify that same visitor', async () => {
      const anonymous = await server.start('id-optional');
      const signed = await verifiedAs('user-37', anonymous.userId);
      expect(signed.userId).toBe(anonymous.userId);
      expect(await seenByAgent(signed.userId)).toMatchObject({ verified: true, verifiedPid: 'user-37' });
    });
  });

  describe('the agent console', () => {
    it('given the agent joins a verified visitor, should list the chat as verified with the pid', async () => {
      const { userId, sessionId } = await server.start('id-required', {
        pid: 'user-40',
        pidSignature: sign('user-40'),
      });
      await server.visitor('transferAgent', { userId });
      expect((await agent.chat(sessionId, 'join', { beyondCapacity: true })).code).toBe(200);
      const { data } = await agent.poll();
      expect(data.chats.find((chat: { sessionId: string }) => chat.sessionId === sessionId)).toMatchObject({
        visitorId: userId,
        verified: true,
        verifiedPid: 'user-40',
      });
      await agent.chat(sessionId, 'close');
    });
  });

  describe('channelInfo', () => {
    it.each([
      ['a secret written in the seed', 'id-required', DESK_SECRET],
      ['a secret read from the environment', 'id-optional', SHOP_SECRET],
    ])('given a channel with %s, should never send the secret to the page', async (_name, id, secret) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/chat/visitor/channelInfo',
        payload: { id },
      });
      expect(response.json().code).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toMatch(/secret/i);
    });
  });
});

describe('a seed channel that verifies visitors', () => {
  const channel = { id: 'desk', tenantId: 't', info: {} };

  it('given its secret variable, should take the secret from the environment', () => {
    expect(
      channelIdentity(
        { ...channel, identity: 'required', identitySecretEnv: 'PARLEY_IDENTITY_SECRET_DESK' },
        { PARLEY_IDENTITY_SECRET_DESK: 'from-env' },
      ),
    ).toEqual({ identity: 'required', secret: 'from-env' });
  });

  it('given its secret variable is not set, should refuse to start, naming the variable', () => {
    expect(() =>
      channelIdentity(
        { ...channel, identity: 'optional', identitySecretEnv: 'PARLEY_IDENTITY_SECRET_DESK' },
        {},
      ),
    ).toThrow('channel desk: identity "optional" needs a secret, and PARLEY_IDENTITY_SECRET_DESK is not set');
  });

  it('given no secret at all, should refuse to start', () => {
    expect(() => channelIdentity({ ...channel, identity: 'required' }, {})).toThrow(/needs a secret/);
  });

  it('given a setting that is not off, optional or required, should refuse to start', () => {
    expect(() =>
      channelIdentity({ ...channel, identity: 'strict' as 'required', identitySecret: 'x' }, {}),
    ).toThrow('channel desk: "identity" is off, optional or required, not "strict"');
  });

  it('given no setting, should leave identity off', () => {
    expect(channelIdentity(channel, {})).toEqual({ identity: 'off', secret: null });
  });
});
