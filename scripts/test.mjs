#!/usr/bin/env node
// `npm test` after the setup: every check CI runs, as turbo tasks (two at a time, cached in .turbo/),
// then the time each task took, most expensive first, and the total, read from turbo's run summary.
// Arguments are passed on to turbo (`npm test -- --filter=@parley/chat-core`).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const code = run.status ?? 1;

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
  console.log(
    `[test] total ${duration(Date.now() - started)} wall clock: ${duration(busy)} of task time, two at a time; ${cached} of ${tasks.length} tasks from cache`,
  );
} else {
  console.warn('[test] turbo wrote no run summary: no times to show.');
}
process.exit(code);
