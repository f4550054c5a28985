import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_SEED_FILE, serverRoot, settingsFromEnv } from './config.js';
import { openDatabase } from './db/db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { applySeed, readSeed, type Seed } from './seed.js';

// Issue: a default deployment must not create agents with public passwords, nor print any.

describe('demo mode and seeds', () => {
  it('given no PARLEY_DEMO and no SEED_FILE, should load no seed at all', () => {
    expect(settingsFromEnv({})).toMatchObject({ demo: false, seedFile: undefined, seed: undefined });
  });

  it('given PARLEY_DEMO=1, should load the demo seed; given SEED_FILE, should load that one', () => {
    expect(settingsFromEnv({ PARLEY_DEMO: '1' })).toMatchObject({ demo: true, seedFile: DEMO_SEED_FILE });
    expect(settingsFromEnv({ SEED_FILE: '/etc/parley/seed.json' }).seedFile).toBe('/etc/parley/seed.json');
  });

  it('given an operator changed a seeded agent password, should keep it when the seed applies again', async () => {
    const db = await openDatabase({});
    const seed: Seed = {
      channels: [{ id: 'c', tenantId: 't', info: {} }],
      agents: [
        { id: 'a1', username: 'ann', password: 'ann-demo', nick: 'Ann', capacity: 1, channels: ['c'] },
      ],
    };
    await applySeed(db, seed);
    await db.query('update agents set password_hash = $2 where id = $1', [
      'a1',
      await hashPassword('s3cret-operator'),
    ]);
    await applySeed(db, seed);
    const [row] = await db.query<{ password_hash: string }>(
      'select password_hash from agents where id = $1',
      ['a1'],
    );
    expect(await verifyPassword('s3cret-operator', row?.password_hash ?? '')).toBe(true);
    expect(await verifyPassword('ann-demo', row?.password_hash ?? '')).toBe(false);
    await db.close();
  });

  it.each([
    ['without demo mode', {}, false],
    ['in demo mode', { PARLEY_DEMO: '1' }, true],
  ])('given a start %s, should print the demo passwords only in demo mode', async (_, env, printed) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@parley/source', '--import', 'tsx', join(serverRoot, 'src/main.ts')],
      {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          // The system picks a free port; the banner names it.
          PORT: '0',
          LOG_LEVEL: 'warn',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-demo-')),
          VISITOR_DIST: join(tmpdir(), 'no-visitor-app'),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    // The banner's last line: the demo seed's last agent in demo mode, else the note that no seed is set.
    const lastAgent = readSeed(DEMO_SEED_FILE).agents.at(-1)?.username ?? '';
    const lastLine = printed ? new RegExp(`^  ${lastAgent} `, 'm') : /no seed file/;
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        expect(output).toMatch(lastLine);
      },
      { timeout: 60_000, interval: 100 },
    );
    child.kill('SIGTERM');
    const base = /Parley is listening on (\S+) /.exec(output)?.[1] ?? '';
    expect(new URL(base).port).toMatch(/^[1-9]\d*$/);
    expect(output).toContain(`Agent console: ${base}/agent/`);
    expect(output.includes('alice-demo')).toBe(printed);
    expect(output.includes('DEMO MODE')).toBe(printed);
    // Demo mode sends no mail: the banner says where to read it.
    expect(output.includes('/dev/mailbox')).toBe(printed);
  });
});
