import { mkdtempSync, readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

// Clients that hold the server's sockets and memory instead of its CPU: 300 uploads trickling a
// byte every 5 s held 600 descriptors for as long as they liked, and ten 28 MB base64 bodies from
// an unknown visitor were all parsed at once. Each is bounded, on a real listening server.

const seed: Seed = { channels: [{ id: 'slow', tenantId: 't', info: { receiveMode: 3 } }], agents: [] };
const [database] = testDatabases();

const REQUEST_TIMEOUT_MS = 2500;
const PER_ADDRESS = 6;
const UPLOADS_PER_ADDRESS = 2;
const BOUNDARY = '----slowtest';

/** A raw connection: what it has received, and when the server closed it. */
function open(port: number, localAddress = '127.0.0.1') {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  const state = { received: '', closedAt: undefined as number | undefined, socket };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    state.received += chunk;
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    state.closedAt = Date.now();
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { state, connected };
}

/** Waits for `condition`, running `probe` (when given) before each look; false after the timeout. */
const until = async (condition: () => boolean, timeoutMs: number, probe?: () => Promise<void>) => {
  const start = Date.now();
  await probe?.();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
    await probe?.();
  }
  return true;
};

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The head of a multipart upload whose file never finishes arriving. */
function uploadHead(userId: string, declared: number) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${userId}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n` +
    'Content-Type: text/plain\r\n\r\n';
  return (
    `POST /api/chat/visitor/upload HTTP/1.1\r\nHost: localhost\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n${head}`
  );
}

describe('slow and greedy clients', () => {
  let server: Harness;
  let port = 0;
  const uploads = mkdtempSync(join(tmpdir(), 'parley-slow-'));
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, {
      uploadsDir: uploads,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      connectionLimits: { perAddress: PER_ADDRESS, uploadsPerAddress: UPLOADS_PER_ADDRESS },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server.app.close();
    await server.app.db.close();
  });

  const client = (localAddress?: string) => {
    const connection = open(port, localAddress);
    sockets.push(connection.state.socket);
    return connection;
  };

  it('given an upload trickling a byte at a time, should close it after the request timeout and keep no partial file', async () => {
    const { userId } = await server.start('slow');
    const { state, connected } = client();
    await connected;
    const started = Date.now();
    state.socket.write(uploadHead(userId, 100_000));
    const trickle = setInterval(() => state.socket.write('a'), 200);
    try {
      expect(await until(() => state.closedAt !== undefined, REQUEST_TIMEOUT_MS * 4)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect((state.closedAt ?? 0) - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(await until(() => readdirSync(uploads).length === 0, 2000)).toBe(true);
  });

  it('given an upload whose client is killed halfway, should delete its partial file and free its quota at once', async () => {
    const { userId } = await server.start('slow');
    const { state, connected } = client();
    await connected;
    state.socket.write(`${uploadHead(userId, 100_000)}${'a'.repeat(20_000)}`);
    let held = 0;
    const reservations = async () => {
      const [row] = await server.app.db.query<{ count: string | number }>(
        'select count(*) as count from upload_reservations where visitor_id = $1',
        [userId],
      );
      held = Number(row?.count);
    };
    expect(await until(() => held === 1 && readdirSync(uploads).length === 1, 2000, reservations)).toBe(true);
    state.socket.destroy();
    // Well inside the request timeout: the server sees the client go, not the clock.
    expect(
      await until(
        () => held === 0 && readdirSync(uploads).length === 0,
        REQUEST_TIMEOUT_MS / 2,
        reservations,
      ),
    ).toBe(true);
  });

  it('given a held poll longer than the request timeout, should still answer it', async () => {
    const { userId, pollId } = await server.start('slow');
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/chat/visitor/getEventMsg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, pollId, wait: REQUEST_TIMEOUT_MS * 4 }),
    });
    expect(response.status).toBe(200);
    // A hold with nothing new ends at 75 to 100 % of the wait (spread renewals): still past the
    // request timeout, which did not cut it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 3 - 100);
  });

  it(`given more than ${UPLOADS_PER_ADDRESS} uploads at once from one address, should answer the next 429 before reading its body`, async () => {
    const { userId } = await server.start('slow');
    const held = [client(), client()];
    for (const { state, connected } of held) {
      await connected;
      state.socket.write(`${uploadHead(userId, 5_000_000)}${'a'.repeat(1000)}`);
    }
    // The server has both bodies in hand once both reservations exist.
    let reserved = 0;
    await until(
      () => reserved === 2,
      2000,
      async () => {
        const [row] = await server.app.db.query<{ count: string | number }>(
          'select count(*) as count from upload_reservations where visitor_id = $1',
          [userId],
        );
        reserved = Number(row?.count);
      },
    );
    expect(reserved).toBe(2);
    const started = Date.now();
    const answer = await fetch(`http://127.0.0.1:${port}/api/chat/visitor/uploadBase64`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, imgData: 'A'.repeat(1_000_000) }),
    });
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toContain('too many uploads at once');
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
    for (const { state } of held) state.socket.destroy();
    await until(() => held.every(({ state }) => state.closedAt !== undefined), 2000);
    // With the slots free again (the server sees the closes), an upload goes through.
    let code = 0;
    await until(
      () => code === 200,
      2000,
      async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/api/chat/visitor/uploadBase64`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId, imgData: `data:image/png;base64,${PNG_BASE64}` }),
        });
        code = ((await answer.json()) as { code: number }).code;
      },
    );
    expect(code).toBe(200);
  });

  it(`given more than ${PER_ADDRESS} connections from one address, should close the extra ones at once and serve the rest`, async () => {
    // From an address of its own, so no earlier test's connection counts.
    const connections = Array.from({ length: PER_ADDRESS + 4 }, () => client('127.0.0.2'));
    await Promise.all(connections.map(({ connected }) => connected));
    expect(await until(() => connections.filter(({ state }) => state.closedAt).length >= 4, 2000)).toBe(true);
    const alive = connections.filter(({ state }) => state.closedAt === undefined);
    expect(alive).toHaveLength(PER_ADDRESS);
    const [first] = alive;
    first?.state.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await until(() => (first?.state.received ?? '').includes('"ok"'), 2000)).toBe(true);
    for (const { state } of connections) state.socket.destroy();
    await until(() => connections.every(({ state }) => state.closedAt !== undefined), 2000);
    // Closed connections free their places.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
