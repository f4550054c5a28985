import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv, trustProxyOf } from './config.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

const seed: Seed = {
  channels: [
    { id: 'sec', tenantId: 't', info: {} },
    {
      id: 'shop',
      tenantId: 't',
      info: {},
      sites: ['https://shop.example/any/page', 'http://localhost:3999'],
    },
  ],
  agents: [],
};
const [database] = testDatabases();

describe('headers and limits', () => {
  let server: Harness;
  const dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><head><title>Parley</title></head>');

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, {
      visitorDist: dist,
      consoleDist: dist,
      bodyLimit: 4096,
      rateLimits: { perIp: 1000, perVisitor: 5, chatStart: 1000, login: 3, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it('should send a strict Content-Security-Policy and the usual headers on the API', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/chat/visitor/channelInfo',
      payload: { id: 'sec' },
    });
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('given a channel that lists no site, should let only the chat server itself frame the chat page', async () => {
    const chat = await server.app.inject('/chat/index?channelId=sec');
    expect(chat.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(chat.headers['x-frame-options']).toBeUndefined();
    expect(chat.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(chat.body).toContain('<meta name="parley:embed-origins" content="" />');
    const agent = await server.app.inject('/agent/');
    expect(agent.statusCode).toBe(200);
    expect(agent.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['/chat/index?channelId=shop'],
    ['/chat/index?CHANNELID=shop&from=iframe'],
    ['/chat/index?siteid=shop'],
  ])(
    'given %s, should let the sites of that channel frame it and tell them messages in full',
    async (url) => {
      const chat = await server.app.inject(url);
      expect(chat.headers['content-security-policy']).toMatch(
        /frame-ancestors 'self' https:\/\/shop\.example http:\/\/localhost:3999$/,
      );
      expect(chat.body).toContain(
        '<meta name="parley:embed-origins" content="https://shop.example http://localhost:3999" />',
      );
    },
  );

  it('given an unknown channel or none, should let no other site frame the page', async () => {
    for (const url of ['/chat/index?channelId=nope', '/chat/index']) {
      const chat = await server.app.inject(url);
      expect(chat.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    }
  });

  it.each([
    '/chat/index?channelId=sec&channelId=shop',
    '/chat/index?channelId=shop&channelId=sec',
    '/chat/index?channelid=sec&siteid=shop',
    '/chat/index?SITEID=shop&channelId=sec',
  ])('given %s (two channels named), should frame for neither and name no embedding site', async (url) => {
    const chat = await server.app.inject(url);
    expect(chat.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(chat.body).toContain('<meta name="parley:embed-origins" content="" />');
  });

  it('given a body over the limit, should answer 413 in the envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/chat/visitor/channelInfo',
      payload: { id: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, data: null });
  });

  it('given a visitor over its call budget, should answer 429 while other visitors go on', async () => {
    const noisy = await server.start('sec');
    const quiet = await server.start('sec');
    const codes: number[] = [];
    for (let n = 0; n < 7; n++) {
      codes.push((await server.visitor('getEventMsg', { userId: noisy.userId, pollId: noisy.pollId })).code);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
    expect((await server.visitor('getEventMsg', { userId: quiet.userId, pollId: quiet.pollId })).code).toBe(
      200,
    );
  });

  it('given calls with made-up visitor ids, should count them against the address and answer 429', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 7; n++) {
      codes.push(
        (await server.visitor('getEventMsg', { userId: `fake-${n}-${Math.random()}`, pollId: 'p' })).code,
      );
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.at(-1)).toBe(429);
    // a visitor the server knows keeps its own budget
    const known = await server.start('sec');
    expect((await server.visitor('getEventMsg', { userId: known.userId, pollId: known.pollId })).code).toBe(
      200,
    );
  });

  it('given repeated login attempts, should slow them down with 429', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 4; n++) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/agent/login',
        payload: { username: 'x', password: 'y' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('chatStart budget', () => {
  let server: Harness;

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, {
      rateLimits: { perIp: 1000, perVisitor: 1000, chatStart: 3, login: 3, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it('given more new chats from one address than its budget, should answer 429 and create no visitor', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 4; n++) {
      codes.push((await server.visitor('chatStart', { channelId: 'sec' })).code);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const [row] = await server.app.db.query<{ count: number }>('select count(*)::int as count from visitors');
    expect(row?.count).toBe(3);
  });
});

describe('TRUST_PROXY', () => {
  it('given a hop count, a list of proxies, nothing or true, should read it as the proxies to trust', () => {
    expect(settingsFromEnv({}).trustProxy).toBe(false);
    expect(settingsFromEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(settingsFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(settingsFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // Once "every hop": now the one proxy in front.
    expect(settingsFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(settingsFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => settingsFromEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/not an address or CIDR/);
  });

  /** A server whose login and chatStart budgets are 3 per address a minute, behind `trustProxy`. */
  const behind = (trustProxy: ReturnType<typeof trustProxyOf>) => {
    let server: Harness;
    beforeAll(async () => {
      if (!database) throw new Error('no database');
      server = await harness(await database.open(), seed, {
        trustProxy,
        rateLimits: { perIp: 1000, perVisitor: 1000, chatStart: 3, login: 3, windowMs: 60_000 },
      });
    });
    afterAll(async () => {
      await server.app.close();
      await server.app.db.close();
    });
    /** Four logins and four chat starts from `remoteAddress`, each naming a new address of its own before it. */
    return async (remoteAddress: string, forwardedFor: (n: number) => string) => {
      const logins: number[] = [];
      const starts: number[] = [];
      for (let n = 0; n < 4; n++) {
        const headers = { 'x-forwarded-for': forwardedFor(n) };
        const login = await server.app.inject({
          method: 'POST',
          url: '/api/agent/login',
          payload: { username: `nobody-${remoteAddress}`, password: 'wrong' },
          headers,
          remoteAddress,
        });
        logins.push(login.statusCode);
        const start = await server.app.inject({
          method: 'POST',
          url: '/api/chat/visitor/chatStart',
          payload: { channelId: 'sec' },
          headers,
          remoteAddress,
        });
        starts.push(start.statusCode);
      }
      return { logins, starts };
    };
  };

  describe('set to one hop', () => {
    const attempts = behind(trustProxyOf('1'));
    it('given a client that writes a new X-Forwarded-For entry each time, should count it by the address its proxy adds', async () => {
      const { logins, starts } = await attempts('10.0.0.2', (n) => `198.51.100.${n}, 203.0.113.7`);
      expect(logins).toEqual([401, 401, 401, 429]);
      expect(starts).toEqual([200, 200, 200, 429]);
    });
  });

  describe('set to the proxies addresses', () => {
    const attempts = behind(trustProxyOf('10.0.0.0/8'));
    it('given requests through the listed proxy with new X-Forwarded-For entries, should count the client the proxy saw', async () => {
      const { logins, starts } = await attempts('10.0.0.2', (n) => `198.51.100.${n}, 203.0.113.8`);
      expect(logins).toEqual([401, 401, 401, 429]);
      expect(starts).toEqual([200, 200, 200, 429]);
    });
    it('given a client that reaches the server directly with X-Forwarded-For, should count its own address', async () => {
      const { logins, starts } = await attempts('203.0.113.9', (n) => `198.51.100.${n}`);
      expect(logins).toEqual([401, 401, 401, 429]);
      expect(starts).toEqual([200, 200, 200, 429]);
    });
  });

  describe('unset', () => {
    const attempts = behind(trustProxyOf(undefined));
    it('given X-Forwarded-For from anyone, should ignore it', async () => {
      const { logins, starts } = await attempts('203.0.113.10', (n) => `198.51.100.${n}`);
      expect(logins).toEqual([401, 401, 401, 429]);
      expect(starts).toEqual([200, 200, 200, 429]);
    });
  });
});

describe('login lockout per username', () => {
  let server: Harness;
  let now = Date.UTC(2026, 10, 1);
  const lockSeed: Seed = {
    channels: [{ id: 'lock', tenantId: 't', info: {} }],
    agents: [
      { id: 'lo', username: 'lou', password: 'pw-lou-right', nick: 'Lou', capacity: 1, channels: ['lock'] },
    ],
  };

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    // The per-address budget is out of the way: every attempt below comes from a new address.
    server = await harness(await database.open(), lockSeed, {
      rateLimits: { login: 1000 },
      clock: () => now,
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  let address = 0;
  const login = async (username: string, password: string) => {
    address++;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      payload: { username, password },
      remoteAddress: `198.51.${Math.floor(address / 250)}.${address % 250}`,
    });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], ...response.json() };
  };

  it('given 10 wrong passwords from 10 addresses, should refuse the 11th login with 429 and Retry-After, even with the right password', async () => {
    for (let n = 0; n < 10; n++) expect((await login('lou', `guess-${n}`)).status).toBe(401);
    const locked = await login('lou', 'pw-lou-right');
    expect(locked).toMatchObject({ status: 429, code: 429, data: null, retryAfter: '900' });
    expect(locked.message).toBe('too many wrong passwords for this username: try again in 15 minutes');
  });

  it('given a name no agent has, should lock it the same way, so a lock tells nothing about accounts', async () => {
    const answers = [];
    for (let n = 0; n < 11; n++) answers.push(await login('nobody-here', `guess-${n}`));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(answers[10]?.message).toBe('too many wrong passwords for this username: try again in 15 minutes');
  });

  it('given the lock has run its 15 minutes, should take the right password again', async () => {
    now += 15 * 60_000 + 1;
    expect((await login('lou', 'pw-lou-right')).status).toBe(200);
  });

  it('given a right password, should forget the wrong ones before it', async () => {
    for (let n = 0; n < 9; n++) expect((await login('lou', `again-${n}`)).status).toBe(401);
    expect((await login('lou', 'pw-lou-right')).status).toBe(200);
    for (let n = 0; n < 9; n++) expect((await login('lou', `later-${n}`)).status).toBe(401);
    expect((await login('lou', 'pw-lou-right')).status).toBe(200);
  });
});
