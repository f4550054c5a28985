import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

// A page on another site (or a sibling subdomain) must not drive the agent API with the agent's
// cookie: the reviewer's rating-request with Origin https://evil.example answered 200.

const seed: Seed = {
  channels: [{ id: 'x', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'x1',
      username: 'xena',
      password: 'pw-xena',
      nick: 'Xena',
      capacity: 2,
      channels: ['x'],
      online: true,
    },
  ],
};
const [database] = testDatabases();

describe('cross-site requests to the agent API', () => {
  let server: Harness;
  let cookie = '';
  let sessionId = '';

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      payload: { username: 'xena', password: 'pw-xena' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const visitor = await server.start('x');
    await server.visitor('transferAgent', { userId: visitor.userId });
    sessionId = visitor.sessionId;
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  const ratingRequest = (headers: Record<string, string>, payload?: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/agent/chats/${sessionId}/rating-request`,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('given another origin, should refuse the call with 403', async () => {
    const response = await ratingRequest({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/cross-site/);
  });

  it('given a sibling subdomain, should refuse it too', async () => {
    expect((await ratingRequest({ origin: 'http://evil.localhost' })).statusCode).toBe(403);
  });

  it('given a text/plain body (a form a page can post without asking), should refuse it with 415', async () => {
    const response = await ratingRequest({ 'content-type': 'text/plain' }, '{}');
    expect(response.statusCode).toBe(415);
  });

  it('given the server own origin, or no origin (an API client), should take the call', async () => {
    expect((await ratingRequest({ origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await ratingRequest({})).statusCode).toBe(200);
    expect((await ratingRequest({ 'content-type': 'application/json' }, '{}')).statusCode).toBe(200);
  });

  it.each([
    (id: string) => `/api/%61gent/chats/${id}/rating-request`,
    (id: string) => `/api/agent/chats/${id}/%72ating-request`,
    (id: string) => `/%61pi/%61gent/chats/${id}/rating-request`,
    (id: string) => `/api/agent/chats/${id}/files`.replace('files', '%66iles'),
  ])(
    'given a percent-encoded spelling of an agent route (%#), should meet the same cross-site check',
    async (url) => {
      const response = await server.app.inject({
        method: 'POST',
        url: url(sessionId),
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/cross-site/);
    },
  );

  it('given a percent-encoded agent route with a text/plain body, should refuse it with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/%61gent/chats/${sessionId}/rating-request`,
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
  });

  it('given the session call, should say who is logged in, 200 either way (a console asks it before any login)', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/agent/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ code: 200, data: { agent: null } });
    const signed = await server.app.inject({ method: 'GET', url: '/api/agent/session', headers: { cookie } });
    expect(signed.json()).toMatchObject({ code: 200, data: { agent: { username: 'xena', nick: 'Xena' } } });
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/agent/session',
      headers: { cookie: 'parley_agent=not-a-session' },
    });
    expect(stale.json()).toMatchObject({ code: 200, data: { agent: null } });
  });

  it('given a cross-site login attempt, should refuse it before checking the password', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'xena', password: 'pw-xena' },
    });
    expect(response.statusCode).toBe(403);
  });
});
