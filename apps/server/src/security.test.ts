import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
