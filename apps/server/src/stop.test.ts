import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Seed } from './seed.js';
import { agentLogin, type ChildServer, call, type Json, startChild } from './test/child.js';
import { createPostgresDatabase } from './test/databases.js';

// A normal stop (SIGTERM, as a deploy sends) must end promptly whatever clients did before it:
// here, clients that gave up on held polls midway.

const seed: Seed = {
  channels: [{ id: 'stop', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'st',
      username: 'st',
      password: 'pw-stop-agent',
      nick: 'Sten',
      capacity: 3,
      channels: ['stop'],
      online: true,
    },
  ],
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server stopped with SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-stop-'));
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('given clients that aborted held agent and visitor polls, should stop within a few seconds', async () => {
    // PostgreSQL when the tests have one (it starts in a second); else the embedded database.
    const adminUrl = inject('postgresAdminUrl');
    const storage: Record<string, string> = adminUrl
      ? { DATABASE_URL: await createPostgresDatabase(adminUrl) }
      : { DATA_DIR: join(dir, 'data') };
    server = await startChild(storage, seed, dir);
    const { base } = server;
    const token = await agentLogin(base, 'st', 'pw-stop-agent');
    const headers = { authorization: `Bearer ${token}` };
    const first = (await (await fetch(`${base}/api/agent/poll`, { headers })).json()) as Json;
    const visitor = (await call(base, 'chatStart', { channelId: 'stop' })).data as Json;

    const aborts: AbortController[] = [];
    const held: Promise<unknown>[] = [];
    for (let count = 0; count < 3; count++) {
      const agentGone = new AbortController();
      held.push(
        fetch(`${base}/api/agent/poll?cursor=${first.data.cursor}&wait=25000`, {
          headers,
          signal: agentGone.signal,
        }).catch(() => undefined),
      );
      const visitorGone = new AbortController();
      held.push(
        fetch(`${base}/api/chat/visitor/getEventMsg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: visitor.userId, pollId: visitor.pollId, cursor: 0, wait: 25_000 }),
          signal: visitorGone.signal,
        }).catch(() => undefined),
      );
      aborts.push(agentGone, visitorGone);
    }
    await pause(500);
    for (const gone of aborts) gone.abort();
    await Promise.all(held);
    await pause(300);

    const stopping = Date.now();
    const stopped = server.stop('SIGTERM');
    const took = await Promise.race([
      stopped.then(() => Date.now() - stopping),
      pause(10_000).then(() => -1),
    ]);
    expect(took, `the server did not stop within 10 s: ${server.output()}`).toBeGreaterThanOrEqual(0);
    expect(took).toBeLessThan(5000);
  }, 120_000);
});

describe('a server stopped with SIGTERM and a drain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-drain-'));
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('given PARLEY_DRAIN_MS, should answer /readyz 503 and every other call while draining, then close the port', async () => {
    const drainMs = 3000;
    server = await startChild({ DATA_DIR: join(dir, 'data'), PARLEY_DRAIN_MS: String(drainMs) }, seed, dir);
    const { base } = server;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const signalled = Date.now();
    const stopped = server.stop('SIGTERM');
    const readiness: { at: number; status: number }[] = [];
    let callWhileDraining: number | undefined;
    let closedAt: number | undefined;
    while (Date.now() - signalled < 20_000) {
      try {
        const answer = await fetch(`${base}/readyz`);
        readiness.push({ at: Date.now() - signalled, status: answer.status });
        if (answer.status === 503 && callWhileDraining === undefined) {
          // Not ready any more, yet a visitor is still served.
          callWhileDraining = (await call(base, 'chatStart', { channelId: 'stop' })).code;
        }
      } catch {
        closedAt = Date.now() - signalled;
        break;
      }
      await pause(50);
    }
    await stopped;
    const draining = readiness.filter((one) => one.status === 503);
    expect(draining.length, JSON.stringify(readiness)).toBeGreaterThan(0);
    expect(callWhileDraining).toBe(200);
    expect(closedAt, server.output()).toBeDefined();
    // The port stays open for the drain (timers are only ever late, so at least about its length),
    // and every answer after the first 503 is a 503.
    expect(closedAt ?? 0).toBeGreaterThanOrEqual(drainMs - 200);
    const firstDraining = readiness.findIndex((one) => one.status === 503);
    expect(readiness.slice(firstDraining).every((one) => one.status === 503)).toBe(true);
  }, 120_000);
});
