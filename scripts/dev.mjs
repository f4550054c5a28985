#!/usr/bin/env node
// `npm run dev`: the developer loop. The reference server with the demo data under `tsx watch`
// (restarts on a change to its source or the contract's), and the visitor page and the agent
// console on Vite dev servers with hot reload, whose proxy sends the server's routes (`/api`,
// `/uploads`) to it. Nothing is built: every workspace package resolves to its TypeScript source.
// PORT (3000), HOST (127.0.0.1) and DATA_DIR apply to the server as with `npm start`;
// VISITOR_DEV_PORT (5173) and CONSOLE_DEV_PORT (5174) choose the dev servers' ports.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '3000';
const visitorPort = process.env.VISITOR_DEV_PORT ?? '5173';
const consolePort = process.env.CONSOLE_DEV_PORT ?? '5174';
const server = `http://${host}:${port}`;

const say = (message) => console.log(`[dev] ${message}`);

console.warn(
  '[dev] DEMO MODE (PARLEY_DEMO=1): demo channels and agents with public passwords. Not for production.',
);

/** The three processes; each is asked to stop on Ctrl+C, and the first to die stops the others. */
const children = [
  {
    name: 'server',
    cwd: join(root, 'apps/server'),
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', '--conditions=@parley/source', 'src/main.ts'],
  },
  {
    name: 'visitor',
    cwd: join(root, 'apps/visitor'),
    command: bin('vite'),
    args: ['--host', host, '--port', visitorPort, '--strictPort', '--clearScreen', 'false'],
  },
  {
    name: 'console',
    cwd: join(root, 'apps/console'),
    command: bin('vite'),
    args: ['--host', host, '--port', consolePort, '--strictPort'],
  },
].map(({ name, cwd, command, args }) => {
  const child = spawn(command, args, {
    cwd,
    stdio: 'inherit',
    // The dev servers' proxies read PARLEY_SERVER; the server takes PORT, HOST and DATA_DIR.
    env: { PARLEY_DEMO: '1', ...process.env, PARLEY_SERVER: server },
  });
  return { name, child, exited: new Promise((done) => child.once('exit', done)) };
});

let stopping = false;
/**
 * Stops the three. Ctrl+C reaches every process of the terminal's group at once, and a second
 * signal makes tsx kill the server without letting it close its database, so after SIGINT the
 * children get a moment to stop on their own before they are asked; a process still running after
 * 8 s is killed, so the terminal always comes back.
 */
async function stop(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  const running = () => children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  const ask = () => {
    for (const { child } of running()) child.kill(signal);
  };
  const asked = setTimeout(ask, signal === 'SIGINT' ? 2000 : 0);
  const killed = setTimeout(() => {
    for (const { child } of running()) child.kill('SIGKILL');
  }, 8000);
  await Promise.all(children.map(({ exited }) => exited));
  clearTimeout(asked);
  clearTimeout(killed);
  say('stopped.');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0, signal));
for (const { name, child } of children) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] the ${name} stopped (${signal ?? `exit ${code}`}): stopping the others.`);
    stop(code || 1);
  });
}

/** Resolves once `url` answers, checking every 250 ms. */
async function answers(url) {
  while (!stopping) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const visitorUrl = `http://${host}:${visitorPort}/chat/`;
const consoleUrl = `http://${host}:${consolePort}/agent/`;
await Promise.all([answers(`${server}/healthz`), answers(visitorUrl), answers(consoleUrl)]);
if (!stopping) {
  const seed = JSON.parse(readFileSync(join(root, 'apps/server/seed/demo.json'), 'utf8'));
  say(`ready. The server (${server}) printed URLs of built apps; while developing, use these:`);
  say('visitor page, one URL per demo channel (hot reload):');
  for (const channel of seed.channels) {
    say(`  ${channel.id.padEnd(12)} ${visitorUrl}index?channelId=${encodeURIComponent(channel.id)}`);
  }
  say(`agent console (hot reload): ${consoleUrl}`);
  say(`  demo logins: ${seed.agents.map((agent) => `${agent.username} / ${agent.password}`).join(', ')}`);
  say('Ctrl+C stops all three.');
}
