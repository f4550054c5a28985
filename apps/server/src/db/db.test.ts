import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../config.js';
import { testDatabases } from '../test/databases.js';
import { migrate, openDatabase } from './db.js';
import { lockDataDir } from './pglite.js';

describe('the embedded database in a data directory', () => {
  it('should keep committed rows across a reopen, apply migrations once, and refuse a second opener', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-db-'));
    try {
      const first = await openDatabase({ dataDir: join(dir, 'db') });
      await first.query(`insert into settings (key, value) values ('k', 'v')`);
      await expect(openDatabase({ dataDir: join(dir, 'db') })).rejects.toThrow(/in use by process/);
      await first.close();
      const again = await openDatabase({ dataDir: join(dir, 'db') });
      expect(await again.query(`select value from settings where key = 'k'`)).toEqual([{ value: 'v' }]);
      expect(await migrate(again)).toEqual([]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the data directory lock', () => {
  /**
   * Processes that each try to take the lock at once; each says whether it got it. The one that
   * got it holds it until every one has answered (its stdin closes), however slowly they start.
   */
  async function contenders(dataDir: string, count: number): Promise<string[]> {
    // Each waits for the same instant before it tries, so the attempts overlap.
    const at = Date.now() + 2500;
    const script = `import { lockDataDir } from ${JSON.stringify(join(serverRoot, 'src/db/pglite.ts'))};
      while (Date.now() < ${at}) {}
      try {
        lockDataDir(${JSON.stringify(dataDir)});
        console.log('locked');
        await new Promise((r) => { process.stdin.on('end', r); process.stdin.resume(); });
      }
      catch (error) { console.log(error.message.includes('in use') ? 'refused' : error.message); }`;
    let answered = 0;
    const children: ReturnType<typeof spawn>[] = [];
    const runs = Array.from(
      { length: count },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            cwd: serverRoot,
            stdio: ['pipe', 'pipe', 'inherit'],
          });
          children.push(child);
          let out = '';
          child.stdout?.on('data', (chunk) => {
            const first = out === '';
            out += chunk;
            if (first && ++answered === count) for (const one of children) one.stdin?.end();
          });
          child.once('exit', () => resolve(out.trim()));
        }),
    );
    return Promise.all(runs);
  }

  it('given several processes starting at once, should let exactly one take the lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-lock-'));
    try {
      const answers = await contenders(join(dir, 'db'), 6);
      expect(answers.filter((answer) => answer === 'locked')).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'refused')).toHaveLength(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given a lock left by a process that is gone, or an empty one, should take it over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-lock-'));
    try {
      for (const left of ['999999999', '']) {
        const dataDir = join(dir, `db${left.length}`);
        writeFileSync(`${dataDir}.lock`, left);
        // An empty lock is a crash's only once it is a few seconds old (a lock appears whole).
        const old = new Date(Date.now() - 60_000);
        utimesSync(`${dataDir}.lock`, old, old);
        lockDataDir(dataDir);
        expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given an empty lock just made (a process writing it), should refuse and leave it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-lock-'));
    try {
      const dataDir = join(dir, 'db');
      writeFileSync(`${dataDir}.lock`, '');
      expect(() => lockDataDir(dataDir)).toThrow(/in use by process/);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given a lock held by a running process, should refuse and leave it as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-lock-'));
    try {
      const dataDir = join(dir, 'db');
      writeFileSync(`${dataDir}.lock`, String(process.ppid));
      expect(() => lockDataDir(dataDir)).toThrow(/in use by process/);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('transactions on $name', (database) => {
  it('given a failing transaction, should roll all of it back', async () => {
    const db = await database.open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into settings (key, value) values ('a', '1')`);
        await tx.query(`insert into settings (key, value) values ('a', '2')`);
      }),
    ).rejects.toThrow();
    expect(await db.query(`select * from settings where key = 'a'`)).toEqual([]);
    await db.close();
  });
});
