import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../config.js';
import type { Seed } from '../seed.js';
import { freePort } from './freePort.js';

export interface ChildServer {
  base: string;
  process: ChildProcess;
  /** The child's stderr so far, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Runs `src/main.ts` in its own process (as `npm start` does with the built one) and waits until it answers. */
export async function startChild(env: Record<string, string>, seed: Seed, dir: string): Promise<ChildServer> {
  const port = await freePort();
  const seedFile = join(dir, `seed-${port}.json`);
  writeFileSync(seedFile, JSON.stringify(seed));
  const child = spawn(
    process.execPath,
    ['--conditions=@parley/source', '--import', 'tsx', join(serverRoot, 'src/main.ts')],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_FILE: seedFile,
        VISITOR_DIST: join(dir, 'no-visitor-app'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
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
