import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSkips, testCounts } from './test-counts.mjs';

// Logs as the runners write them (colours removed), cut to the lines that matter.
const vitestLog = `
 RUN  v5.1.1 /work/apps/server

stderr | src/console-email.test.ts
[services] Chromium is missing (looked in /nonexistent), so the tests that need Chromium cannot run.

 ↓  server  src/console-email.test.ts (2 tests | 2 skipped)
 ✓  server  src/openapi.test.ts (3 tests) 23832ms
   ✓ the OpenAPI document (3)
 ❯  server  src/inbox.test.ts (9 tests | 1 failed | 1 todo) 120ms

 Test Files  1 failed | 1 passed | 1 skipped (3)
      Tests  1 failed | 10 passed | 2 skipped | 1 todo (14)
`;

const storiesLog = `
 ✓  storybook (chromium)  packages/chat-ui/src/Bubble/Bubble.stories.tsx (12 tests) 1200ms
 Test Files  1 passed (1)
      Tests  12 passed (12)
`;

const playwrightLog = `
Running 5 tests using 1 worker

  ✓  1 chat.e2e.ts:2:1 › a visitor chats (14ms)
  -  2 chat.e2e.ts:3:6 › group › not yet
  -  3 embed.e2e.ts:4:1 › inside a shop
  ✘  4 zoom.e2e.ts:5:6 › zooms (1.2s)
  ✓  5 zoom.e2e.ts:6:32 › group › inner (22ms)

  1 failed
  2 skipped
  2 passed (4.6s)
`;

describe('the tests a task ran, read from its log', () => {
  it('given a Vitest log, should count the tests that ran and skipped, with the files they skipped in', () => {
    expect(testCounts(vitestLog)).toEqual({
      passed: 10,
      failed: 1,
      skipped: 3,
      skips: [
        { file: 'src/console-email.test.ts', count: 2 },
        { file: 'src/inbox.test.ts', count: 1 },
      ],
      services: [
        '[services] Chromium is missing (looked in /nonexistent), so the tests that need Chromium cannot run.',
      ],
    });
  });

  it('given Vitest projects with a name of two words (story tests), should still read the file', () => {
    expect(testCounts(storiesLog)).toMatchObject({ passed: 12, skipped: 0, skips: [] });
  });

  it('given a Playwright log, should name each skipped test by its file and titles', () => {
    expect(testCounts(playwrightLog)).toEqual({
      passed: 2,
      failed: 1,
      skipped: 2,
      skips: [
        { file: 'chat.e2e.ts', title: 'group › not yet', count: 1 },
        { file: 'embed.e2e.ts', title: 'inside a shop', count: 1 },
      ],
      services: [],
    });
  });

  it("given the consumer test's line, should count its checks", () => {
    expect(testCounts('[consumer] 3 passed, 0 failed\n')).toMatchObject({ passed: 3, failed: 0, skipped: 0 });
  });

  it('given a log without a test runner (a build, lint), should say nothing', () => {
    expect(testCounts('> tsc --noEmit\n\nChecked 12 files in 3s. No fixes applied.\n')).toBeUndefined();
  });
});

describe('skips checked against the allowed list', () => {
  const counted = testCounts(vitestLog);
  const played = testCounts(playwrightLog);
  if (!counted || !played) throw new Error('the logs above have counts');

  it('given no entries, should report every skip', () => {
    expect(checkSkips(counted, {}).unallowed).toEqual([
      '2 skipped in src/console-email.test.ts, not in scripts/allowed-skips.json',
      '1 skipped in src/inbox.test.ts, not in scripts/allowed-skips.json',
    ]);
  });

  it('given an entry per file with its count, should allow those skips with their reason', () => {
    const result = checkSkips(counted, {
      'src/console-email.test.ts': { reason: 'no browser here', skipped: 2 },
      'src/inbox.test.ts': { reason: 'written before the code' },
    });
    expect(result.unallowed).toEqual([]);
    expect(result.stale).toEqual([]);
    expect(result.allowedSkips).toEqual([
      { key: 'src/console-email.test.ts', count: 2, reason: 'no browser here' },
      { key: 'src/inbox.test.ts', count: 1, reason: 'written before the code' },
    ]);
  });

  it('given more skips in a file than its entry allows, should report them', () => {
    expect(
      checkSkips(counted, {
        'src/console-email.test.ts': { reason: 'no browser here' },
        'src/inbox.test.ts': { reason: 'written before the code' },
      }).unallowed,
    ).toEqual(['2 skipped in src/console-email.test.ts, but scripts/allowed-skips.json allows 1']);
  });

  it('given a Playwright test listed by name, should allow that test and no other', () => {
    expect(
      checkSkips(played, { 'chat.e2e.ts › group › not yet': { reason: 'waits for a fix' } }).unallowed,
    ).toEqual(['1 skipped in embed.e2e.ts › inside a shop, not in scripts/allowed-skips.json']);
  });

  it('given an entry for a file that skipped nothing, should call it stale', () => {
    expect(checkSkips(played, { 'chat.e2e.ts › fixed': { reason: 'waited for a fix' } }).stale).toEqual([
      'chat.e2e.ts › fixed',
    ]);
  });

  it('given skips the log does not place in a file, should report them', () => {
    expect(checkSkips({ ...counted, skips: [] }, {}).unallowed).toEqual([
      '3 skipped that the log does not place in a file',
    ]);
  });

  it('given the checked-in list, should hold a reason for every entry', () => {
    const list = JSON.parse(readFileSync(new URL('./allowed-skips.json', import.meta.url), 'utf8'));
    for (const [task, entries] of Object.entries(list)) {
      if (task === '$comment') continue;
      for (const entry of Object.values(entries as Record<string, { reason?: string }>))
        expect(entry.reason?.trim()).toBeTruthy();
    }
  });
});
