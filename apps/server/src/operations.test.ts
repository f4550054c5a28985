import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

// What an operator's load balancer and monitoring read: liveness, readiness, Prometheus metrics.

const seed: Seed = { channels: [{ id: 'ops', tenantId: 't', info: {} }], agents: [] };
const [database] = testDatabases();

describe('health, readiness and metrics', () => {
  let server: Harness;
  let plain: Harness;

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, { metricsToken: 'scrape-me' });
    plain = await harness(await database.open(), seed);
  });
  afterAll(async () => {
    for (const one of [server, plain]) {
      await one.app.close();
      await one.app.db.close();
    }
  });

  it('given a running server, should be live and ready', async () => {
    expect((await server.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('given a migration the database has not applied, should not be ready, naming it', async () => {
    const [last] = await plain.app.db.query<{ name: string }>(
      'select name from schema_migrations order by name desc limit 1',
    );
    await plain.app.db.query('delete from schema_migrations where name = $1', [last?.name]);
    const ready = await plain.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'migrations pending', pending: [last?.name] });
    await plain.app.db.query('insert into schema_migrations (name, applied_at) values ($1, 0)', [last?.name]);
    expect((await plain.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('given no METRICS_TOKEN, should have no /metrics to read', async () => {
    const off = await plain.app.inject('/metrics');
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toMatch(/METRICS_TOKEN/);
  });

  it('given a wrong or missing token, should refuse the metrics', async () => {
    expect((await server.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('given the token, should tell requests per route, sessions, queue, poll cache, held polls and upload bytes', async () => {
    const visitor = await server.start('ops');
    await server.visitor('getEventMsg', { userId: visitor.userId, pollId: visitor.pollId });
    await server.visitor('getEventMsg', { userId: visitor.userId, pollId: visitor.pollId });
    await server.visitor('uploadBase64', {
      userId: visitor.userId,
      imgData:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    });
    const response = await server.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /parley_http_request_duration_seconds_count\{method="POST",route="\/api\/chat\/visitor\/getEventMsg",status="200"\} 2/,
    );
    expect(text).toMatch(/parley_open_sessions \d+/);
    expect(text).toMatch(/parley_queue_length \d+/);
    expect(text).toMatch(/parley_poll_cache_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/parley_poll_cache_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/parley_held_polls 0/);
    expect(text).toMatch(/parley_upload_bytes_total\{from="visitor"\} [1-9]\d*/);
    expect(text).toContain('parley_process_resident_memory_bytes');
  });
});
