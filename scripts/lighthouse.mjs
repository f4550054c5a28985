#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on the visitor's chat page and the console's login, in
// Debian's Chromium, against the built reference server in demo mode (a fresh data directory, a
// free port). Prints the four category scores of each page, what keeps a score below 100, and
// exits non-zero when a page misses its aims: 95 in performance, 100 in accessibility, best
// practices and SEO, and no error in the browser's console.
//
//   npm run lighthouse                    builds what is missing; each page three times, the
//                                         median run judged (Lighthouse's own advice)
//   npm run lighthouse -- --runs 1        one run per page, quicker and noisier
//   npm run lighthouse -- --out reports   also writes each page's (median) HTML report there
//
// Mobile is Lighthouse's default: a Moto G Power's screen, the CPU slowed 4x and slow 4G (150 ms
// round trip, 1.6 Mbit/s), simulated from one unthrottled load. The simulation scales the CPU time
// this machine took, so performance falls when other work shares the CPU (apps/visitor/README.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { freePort, startReferenceServer } from '../bench/net.mjs';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The pages, as a visitor and an agent first open them. */
const PAGES = [
  { name: 'chat page (demo channel)', file: 'chat', path: '/chat/index?channelId=demo' },
  { name: 'console login', file: 'console-login', path: '/agent/' },
];

/** The lowest score (0-100) each category may have. */
const AIMS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs, 10) || 1);

const build = spawnSync(
  'npx',
  [
    'turbo',
    'run',
    'build',
    '--filter=@parley/server...',
    '--filter=@parley/visitor...',
    '--output-logs=errors-only',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('[lighthouse] the build failed: see above.');
  process.exit(build.status ?? 1);
}

/** Lighthouse's 0-1 score as the 0-100 it shows. */
const percent = (score) => (score === null ? NaN : Math.round(score * 100));

/** What keeps each category of a report below 100: its weighted audits that did not pass. */
function shortfalls(report) {
  const lines = [];
  for (const category of Object.values(report.categories)) {
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`${category.id}: ${audit.id} ${percent(audit.score)}${value}: ${audit.title}`);
    }
  }
  return lines;
}

/** What moved, when layout shifted: each shift's score and the element Lighthouse blames. */
function layoutShifts(report) {
  const items = report.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => {
    const node = item.node ?? {};
    return `shift ${Number(item.score).toFixed(3)}: ${node.selector ?? '?'} ${node.snippet ?? ''}`.trim();
  });
}

/** The browser console's errors in any of the runs, each once. */
function consoleErrors(all) {
  const items = all.flatMap((lhr) => lhr.audits['errors-in-console']?.details?.items ?? []);
  return [...new Set(items.map((item) => `${item.source}: ${item.description}`))];
}

/** The ways a page misses the aims, in words (its median run's scores; errors from any run). */
function misses(report, all) {
  const found = Object.entries(AIMS)
    .filter(([id, aim]) => !(percent(report.categories[id]?.score ?? null) >= aim))
    .map(([id, aim]) => `${id} ${percent(report.categories[id]?.score ?? null)} < ${aim}`);
  if (consoleErrors(all).length > 0) found.push('errors in the console');
  return found;
}

/**
 * One Lighthouse run of `url`. A run whose trace came out unusable (Lighthouse's runtime error,
 * e.g. NO_NAVSTART on a busy machine) is run again, up to three times in all.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: Object.keys(AIMS),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.code}: ${error.message}`);
    console.warn(`[lighthouse] ${url}: ${error.code}, running again`);
  }
}

const loadBefore = loadavg()[0];
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'parley-lighthouse-'));
const server = await startReferenceServer(port, { DATA_DIR: dataDir });
const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs, logLevel: 'silent' });
const results = [];
try {
  for (const page of PAGES) {
    const url = `http://127.0.0.1:${port}${page.path}`;
    const reports = [];
    for (let run = 0; run < runs; run++) reports.push(await audit(url));
    const median = computeMedianRun(reports.map((result) => result.lhr));
    results.push({ page, report: median, all: reports.map((result) => result.lhr) });
    if (options.out) {
      mkdirSync(options.out, { recursive: true });
      const html = reports.find((result) => result.lhr === median)?.report;
      writeFileSync(join(options.out, `${page.file}.html`), String(html));
    }
  }
} finally {
  chrome.kill();
  // The server holds the data directory until it has exited.
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const reports = results.flatMap(({ all }) => all);
const { lighthouseVersion, environment } = reports[0];
const benchmarks = reports.map((lhr) => Math.round(lhr.environment.benchmarkIndex));
console.log(
  `\n[lighthouse] Lighthouse ${lighthouseVersion}, mobile (simulated: 4x CPU slowdown, slow 4G), ${environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}; ${runs === 1 ? 'one run per page' : `the median of ${runs} runs per page (each run's score in brackets)`}`,
);
console.log(
  `[lighthouse] this machine: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${loadavg()[0].toFixed(1)} after; Lighthouse's CPU benchmark index ${Math.min(...benchmarks)} to ${Math.max(...benchmarks)}`,
);
const rows = Object.fromEntries(
  results.map(({ page, report, all }) => [
    page.name,
    Object.fromEntries(
      Object.keys(AIMS).map((id) => {
        const median = percent(report.categories[id].score);
        const each = all.map((lhr) => percent(lhr.categories[id].score));
        return [id, all.length === 1 ? median : `${median} [${each.join(' ')}]`];
      }),
    ),
  ]),
);
console.table(rows);
// Lighthouse's own warnings, such as a host CPU too slow (or too busy) for its 4x slowdown.
const warnings = new Set(results.flatMap(({ all }) => all.flatMap((lhr) => lhr.runWarnings)));
for (const warning of warnings) console.log(`[lighthouse] warning: ${warning}`);
let failed = false;
for (const { page, report, all } of results) {
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${report.audits[id].title} ${report.audits[id].displayValue}`)
    .join(', ');
  console.log(`[lighthouse] ${page.name}: ${metrics}`);
  for (const line of shortfalls(report)) console.log(`[lighthouse]   ${line}`);
  for (const line of layoutShifts(report)) console.log(`[lighthouse]     ${line}`);
  for (const error of consoleErrors(all)) console.log(`[lighthouse]   console error: ${error}`);
  const missed = misses(report, all);
  if (missed.length > 0) {
    failed = true;
    console.log(`[lighthouse]   BELOW THE AIMS: ${missed.join(', ')}`);
  }
}
console.log(
  failed
    ? '[lighthouse] a page is below the aims (95 performance, 100 accessibility, best practices and SEO, no console error)'
    : '[lighthouse] both pages meet the aims',
);
process.exit(failed ? 1 : 0);
