#!/usr/bin/env node
// `npm test` after the setup: every check CI runs, as turbo tasks (two at a time, cached in .turbo/),
// then the time each task took, most expensive first, and the total, read from turbo's run summary;
// then how many tests each task ran and skipped, read from its log. Under CI (`CI=true`) a skipped
// test fails the run unless scripts/allowed-skips.json lists it with a reason: the suite cannot
// shrink without anyone noticing. Arguments are passed on to turbo (`npm test -- --filter=@parley/chat-core`).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { underCi } from '../config/services.mjs';
import { checkSkips, testCounts } from './test-counts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TASKS = [
  'lint',
  'test:layers',
  'typecheck',
  'test:unit',
  'test:browser',
  'test:stories',
  'test:docs',
  'publint',
  'size',
  'test:consumer',
  'test:e2e',
];

const started = Date.now();
const run = spawnSync(
  join(root, 'node_modules/.bin/turbo'),
  [
    'run',
    ...TASKS,
    '--concurrency=2',
    '--output-logs=full',
    '--log-order=grouped',
    '--summarize',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
let code = run.status ?? 1;

/** The summary turbo wrote for this run: the newest in .turbo/runs, written after we started. */
function summary() {
  const dir = join(root, '.turbo/runs');
  let files;
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return undefined;
  }
  const newest = files
    .map((name) => ({ path: join(dir, name), time: statSync(join(dir, name)).mtimeMs }))
    .filter((file) => file.time >= started)
    .sort((a, b) => b.time - a.time)[0];
  return newest && JSON.parse(readFileSync(newest.path, 'utf8'));
}

/** 75 s as "1m15s", 4.2 s as "4.2s". */
function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The lines that say why a task failed: each test runner's failure report (Playwright's numbered
 * failures, Vitest's FAIL blocks) when there is one, else the log's last 80 lines, at most 200 lines.
 */
function failureLines(lines) {
  const start = lines.findIndex((line) =>
    /^\s*\d+\) |⎯+ Failed Tests? \d+|^\s*FAIL\s/.test(line.replace(/^[^:]*:\s/, '')),
  );
  const from = start >= 0 ? start : Math.max(0, lines.length - 80);
  return lines.slice(from, from + 200);
}

/**
 * Prints how many tests each task ran and skipped and which services were missing; under CI, each
 * skip that scripts/allowed-skips.json does not allow is an error. Answers the exit code it adds.
 */
function reportTests(tasks) {
  const counted = [];
  const problems = [];
  for (const task of tasks.filter((one) => one.execution && one.command !== '<NONEXISTENT>')) {
    let log = '';
    try {
      log = readFileSync(join(root, task.logFile), 'utf8').replace(ANSI, '');
    } catch {
      // read as a log without counts
    }
    const counts = testCounts(log);
    if (counts) counted.push({ id: task.taskId, ...counts });
    else if (task.task.startsWith('test:') && task.execution.exitCode === 0) {
      // A test task that passed without saying how many tests ran could have run none.
      console.log(`\n[test] ${task.taskId}: its log (${task.logFile}) says nothing of how many tests ran.`);
      if (underCi) problems.push(`${task.taskId}: no test counts`);
    }
  }
  if (counted.length === 0) return problems.length > 0 ? 1 : 0;
  const allowed = JSON.parse(readFileSync(join(root, 'scripts/allowed-skips.json'), 'utf8'));
  const width = Math.max(...counted.map((task) => task.id.length));
  console.log('\n[test] tests per task: ran (passed + failed) and skipped:');
  for (const task of counted.sort((a, b) => a.id.localeCompare(b.id))) {
    const failed = task.failed ? `, ${task.failed} failed` : '';
    console.log(
      `[test]   ${task.id.padEnd(width)}  ${String(task.passed + task.failed).padStart(5)} ran${failed}, ${task.skipped} skipped`,
    );
  }
  for (const task of counted) {
    for (const line of task.services) {
      console.log(`[test] ${task.id}: ${line}`);
      if (underCi) problems.push(`${task.id}: a service is missing (above)`);
    }
    const { allowedSkips, unallowed, stale } = checkSkips(task, allowed[task.id] ?? {});
    for (const skip of allowedSkips)
      console.log(`[test] ${task.id}: ${skip.count} skipped in ${skip.key}, allowed: ${skip.reason}`);
    for (const key of stale)
      console.log(`[test] ${task.id}: ${key} skipped nothing: take it off scripts/allowed-skips.json`);
    for (const problem of unallowed) {
      console.log(`[test] ${task.id}: ${problem}${underCi ? '' : ' (an error under CI)'}`);
      if (underCi) problems.push(`${task.id}: ${problem}`);
    }
  }
  if (problems.length === 0) return 0;
  console.log(
    `\n[test] FAILED under CI: ${problems.length} skip(s) or missing service(s) that scripts/allowed-skips.json does not allow. Run the skipped tests (install what is missing: node scripts/setup.mjs), or list them there with a reason.`,
  );
  return 1;
}

const report = summary();
if (report) {
  const tasks = report.tasks
    .filter((task) => task.command !== '<NONEXISTENT>' && task.execution)
    .map((task) => ({
      id: task.taskId,
      ms: task.execution.endTime - task.execution.startTime,
      cached: task.cache.status === 'HIT',
      saved: task.cache.timeSaved ?? 0,
      failed: task.execution.exitCode !== 0,
    }))
    .sort((a, b) => b.ms - a.ms);
  const width = Math.max(...tasks.map((task) => duration(task.ms).length));
  console.log('\n[test] time per task, most expensive first:');
  for (const task of tasks) {
    const note = task.failed ? '  FAILED' : task.cached ? `  (cached: ${duration(task.saved)} when run)` : '';
    console.log(`[test]   ${duration(task.ms).padStart(width)}  ${task.id}${note}`);
  }
  const busy = tasks.reduce((sum, task) => sum + task.ms, 0);
  const cached = tasks.filter((task) => task.cached).length;
  // A log keeps only its last lines: say again why each failed task failed, where it will be read.
  for (const task of report.tasks.filter((task) => task.execution && task.execution.exitCode !== 0)) {
    const file = task.logFile && join(root, task.logFile);
    let lines = [];
    try {
      lines = readFileSync(file, 'utf8').replace(ANSI, '').split('\n');
    } catch {
      console.log(`\n[test] ${task.taskId} failed; its log (${task.logFile ?? 'none'}) could not be read.`);
      continue;
    }
    console.log(`\n[test] ${task.taskId} failed; the end of its log (${task.logFile}):`);
    for (const line of failureLines(lines)) console.log(`[test] | ${line}`);
  }
  code = Math.max(code, reportTests(report.tasks));
  console.log(
    `[test] total ${duration(Date.now() - started)} wall clock: ${duration(busy)} of task time, two at a time; ${cached} of ${tasks.length} tasks from cache`,
  );
} else {
  console.warn('[test] turbo wrote no run summary: no times to show.');
}
process.exit(code);
