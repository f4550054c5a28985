import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../config.js';
import type { Seed } from '../seed.js';

export interface ChildServer {
  base: string;
  process: ChildProcess;
  /** The child's stderr so far, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The banner line that names the address the server listens on (src/main.ts). */
const LISTENING = /Parley is listening on (http:\/\/\S+)/;

/**
 * Runs `src/main.ts` in its own process (as `npm start` does with the built one) and waits until it
 * answers. The server binds port 0, so the system gives it a free port and nobody can take that
 * port between a check and the bind; its banner says which one it got.
 */
export async function startChild(env: Record<string, string>, seed: Seed, dir: string): Promise<ChildServer> {
  const seedFile = join(dir, `seed-${randomUUID()}.json`);
  writeFileSync(seedFile, JSON.stringify(seed));
  const child = spawn(
    process.execPath,
    ['--conditions=@parley/source', '--import', 'tsx', join(serverRoot, 'src/main.ts')],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        SEED_FILE: seedFile,
        VISITOR_DIST: join(dir, 'no-visitor-app'),
        // The seed's online agents are at their consoles for the whole test (see below).
        PRESENCE_TIMEOUT_S: String(10 * 365 * 24 * 60 * 60),
        // A stop closes at once unless a test asks for the drain.
        PARLEY_DRAIN_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let stdout = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let base = '';
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    base ||= LISTENING.exec(stdout)?.[1] ?? '';
    try {
      if (base && (await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The agents the seed marks online open their consoles: nobody is online until they log in.
  for (const agent of seed.agents ?? []) {
    if (!agent.online) continue;
    const response = await fetch(`${base}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: agent.username, password: agent.password }),
    });
    if (!response.ok)
      throw new Error(`login ${agent.username} on the child server: ${await response.text()}`);
  }
  return {
    base,
    process: child,
    output: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the wire carries
export type Json = any;

/** A visitor call over HTTP; answers the envelope. */
export async function call(base: string, name: string, body: unknown): Promise<Json> {
  const response = await fetch(`${base}/api/chat/visitor/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function agentCall(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Json> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

export async function agentLogin(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as Json;
  if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}

/** The token the held-poll probe reads /metrics with; give it to a server as METRICS_TOKEN. */
export const PROBE_METRICS_TOKEN = 'test-probe';

/**
 * How many visitor polls a server holds open now, from its /metrics (`parley_held_polls`): what a
 * test waits on before it writes, instead of guessing how long a poll takes to reach the server.
 * The server needs `METRICS_TOKEN=PROBE_METRICS_TOKEN` (a child) or `metricsToken` (in-process,
 * read through `inject`).
 */
export async function heldPolls(read: (path: string, token: string) => Promise<string>): Promise<number> {
  const text = await read('/metrics', PROBE_METRICS_TOKEN);
  const line = text.split('\n').find((row) => row.startsWith('parley_held_polls '));
  if (!line) throw new Error('no parley_held_polls in /metrics: is the probe token set?');
  return Number(line.split(' ')[1]);
}

/** Reads a path of a running server with the bearer token, for `heldPolls`. */
export function over(base: string) {
  return async (path: string, token: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
}
