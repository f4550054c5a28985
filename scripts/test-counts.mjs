// Reads a task's log (colours removed) for what its test runners ran: Vitest's summary and file
// lines, Playwright's list reporter, the consumer test's own line, and the `[services]` lines of a
// missing Chromium or PostgreSQL (config/services.mjs). scripts/test.mjs prints them per task and,
// under CI, checks each skip against scripts/allowed-skips.json.

/** Vitest's `Tests  3 passed | 2 skipped (5)`, also `Tests  no tests`. */
const VITEST_TESTS = /^\s*Tests\s+(.+?)\s*(?:\(\d+\))?\s*$/;
/** Vitest's line of a finished file: ` ↓  server  src/a.test.ts (2 tests | 2 skipped) 12ms`. */
const VITEST_FILE = /^\s*[✓↓❯×✗]\s.*?(\S+\.[cm]?[jt]sx?) \((\d+) tests?((?: \| \d+ [a-z ]+)*)\)/;
/** Playwright's line of a skipped test: `  -  3 [chromium] › chat.e2e.ts:12:3 › group › title`. */
const PLAYWRIGHT_SKIP = /^\s+-\s+\d+ (?:\[[^\]]*\] › )?(\S+?):\d+:\d+ › (.+?)\s*$/;
/** Playwright's summary lines: `  40 passed (2.5m)`, `  3 skipped`, `  1 failed`, `  2 flaky`. */
const PLAYWRIGHT_TOTAL = /^\s+(\d+) (passed|failed|flaky|skipped|interrupted|did not run)\b/;
/** scripts/consumer-test.mjs: `[consumer] 3 passed, 0 failed`. */
const CONSUMER_TOTAL = /^\[consumer\] (\d+) passed, (\d+) failed/;

/** `3 passed | 2 skipped | 1 todo` as { passed: 3, skipped: 2, todo: 1 }. */
function tally(text) {
  const counts = {};
  for (const [, count, label] of text.matchAll(/(\d+) ([a-z][a-z ]*?)(?=\s*(?:\||$))/g))
    counts[label] = (counts[label] ?? 0) + Number(count);
  return counts;
}

/**
 * What the test runners in `log` ran: `{ passed, failed, skipped, skips, services }`, where `skips`
 * says where the skipped tests are (`{ file, title?, count }`: Vitest names the file, Playwright the
 * test) and `services` holds the lines about a missing service; `undefined` when no runner reported.
 */
export function testCounts(log) {
  const result = { passed: 0, failed: 0, skipped: 0, skips: [], services: [] };
  let reported = false;
  const playwright = /^Running \d+ tests? using/m.test(log);
  for (const line of log.split('\n')) {
    if (line.startsWith('[services] ') && !result.services.includes(line)) result.services.push(line);
    const vitest = VITEST_TESTS.exec(line);
    if (vitest) {
      reported = true;
      const counts = tally(vitest[1]);
      result.passed += (counts.passed ?? 0) + (counts['expected fail'] ?? 0);
      result.failed += counts.failed ?? 0;
      result.skipped += (counts.skipped ?? 0) + (counts.todo ?? 0);
      continue;
    }
    const file = VITEST_FILE.exec(line);
    if (file) {
      const counts = tally(file[3]);
      const skipped = (counts.skipped ?? 0) + (counts.todo ?? 0);
      if (skipped > 0) result.skips.push({ file: file[1], count: skipped });
      continue;
    }
    const consumer = CONSUMER_TOTAL.exec(line);
    if (consumer) {
      reported = true;
      result.passed += Number(consumer[1]);
      result.failed += Number(consumer[2]);
      continue;
    }
    if (!playwright) continue;
    const skip = PLAYWRIGHT_SKIP.exec(line);
    if (skip) {
      result.skips.push({ file: skip[1], title: skip[2], count: 1 });
      continue;
    }
    const total = PLAYWRIGHT_TOTAL.exec(line);
    if (total) {
      reported = true;
      const count = Number(total[1]);
      if (total[2] === 'passed' || total[2] === 'flaky') result.passed += count;
      else if (total[2] === 'skipped') result.skipped += count;
      else result.failed += count;
    }
  }
  return reported || result.services.length > 0 ? result : undefined;
}

/**
 * Checks a task's skips against its entries in scripts/allowed-skips.json: each entry, keyed by a
 * file (`src/a.test.ts`) or a test (`chat.e2e.ts › title`) as the task's log names it, gives a
 * reason and how many tests may skip there (`skipped`, 1 when left out).
 * Answers the skips that are allowed, the problems, and the entries nothing skipped under (stale).
 */
export function checkSkips(task, entries) {
  const used = new Map();
  const unallowed = [];
  let attributed = 0;
  for (const skip of task.skips) {
    attributed += skip.count;
    const named = skip.title === undefined ? undefined : `${skip.file} › ${skip.title}`;
    const key = named !== undefined && entries[named] ? named : entries[skip.file] ? skip.file : undefined;
    if (key === undefined) {
      unallowed.push(`${skip.count} skipped in ${named ?? skip.file}, not in scripts/allowed-skips.json`);
      continue;
    }
    used.set(key, (used.get(key) ?? 0) + skip.count);
  }
  const allowedSkips = [];
  for (const [key, count] of used) {
    const { reason, skipped = 1 } = entries[key];
    if (count > skipped)
      unallowed.push(`${count} skipped in ${key}, but scripts/allowed-skips.json allows ${skipped}`);
    else allowedSkips.push({ key, count, reason });
  }
  if (task.skipped > attributed)
    unallowed.push(`${task.skipped - attributed} skipped that the log does not place in a file`);
  const stale = Object.keys(entries).filter((key) => !used.has(key));
  return { allowedSkips, unallowed, stale };
}
