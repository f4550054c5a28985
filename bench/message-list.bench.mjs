// Benchmark: Parley's MessageList against @chatui/core 3.8's Chat rendering the same conversation,
// in headless Debian Chromium, at 1 000, 10 000 and 50 000 messages. Run: npm run bench:message-list
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { bundlePage } from './bundle.mjs';

const COUNTS = [1_000, 10_000, 50_000];
const RUNS = 3;
const APPENDS = 100;
/** A library whose appends add up to more than this stops early (a slow peer at 50 000). */
const APPEND_BUDGET_MS = 5_000;

async function heapMB(session) {
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measure(browser, name, code, variant) {
  const page = await browser.newPage({ viewport: { width: 420, height: 720 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await page.setContent(
    `<!doctype html><html><head><style>${code.css}\nhtml,body{margin:0}</style></head><body><div id="root"></div></body></html>`,
  );
  if (variant) await page.evaluate((value) => Object.assign(window, { benchVariant: value }), variant);
  await page.addScriptTag({ content: code.js.toString() });
  await page.waitForFunction(() => window.bench);
  const baseline = await heapMB(session);
  // One mount to warm the engine, so the first row does not carry the page's compile time.
  await page.evaluate(() => window.bench.mount(200));
  const rows = [];
  for (const count of COUNTS) {
    const mounts = [];
    const prepends = [];
    for (let run = 0; run < RUNS; run += 1) {
      mounts.push(await page.evaluate((n) => window.bench.mount(n), count));
      prepends.push(await page.evaluate(() => window.bench.prepend(20)));
    }
    const heapAfterMount = await heapMB(session);
    const appends = await page.evaluate(
      ([n, budget]) => window.bench.appendOneByOne(n, budget),
      [APPENDS, APPEND_BUDGET_MS],
    );
    const heapAfter = await heapMB(session);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    rows.push({
      library: name,
      messages: count,
      mount: median(mounts),
      prepend: median(prepends),
      appendMean: appends.reduce((sum, ms) => sum + ms, 0) / appends.length,
      appended: appends.length,
      heapAfterMount: heapAfterMount - baseline,
      heapAfter: heapAfter - baseline,
      domNodes,
    });
  }
  await page.close();
  if (errors.length > 0)
    console.warn(`${name}: page errors:\n${[...new Set(errors)].slice(0, 5).join('\n')}`);
  return rows;
}

const table = (rows) =>
  rows.map((row) => ({
    library: row.library,
    messages: row.messages,
    'mount ms': row.mount.toFixed(1),
    'prepend 20 ms': row.prepend.toFixed(1),
    [`append ${APPENDS} ms (sum)`]:
      (row.appendMean * APPENDS).toFixed(0) + (row.appended < APPENDS ? '*' : ''),
    'append ms (mean)': row.appendMean.toFixed(2),
    'heap after mount MB': row.heapAfterMount.toFixed(1),
    'heap after all MB': row.heapAfter.toFixed(1),
    'DOM elements': row.domNodes,
  }));

/** How each library's costs grow with the conversation: each length against the first. */
function growth(rows) {
  const libraries = [...new Set(rows.map((row) => row.library))];
  return libraries.map((library) => {
    const own = rows.filter((row) => row.library === library);
    const [first] = own;
    const entry = { library };
    for (const row of own.slice(1)) {
      const span = `${first.messages / 1000}k->${row.messages / 1000}k`;
      entry[`mount ${span}`] = `x${(row.mount / first.mount).toFixed(2)}`;
      entry[`append ${span}`] = `x${(row.appendMean / first.appendMean).toFixed(2)}`;
    }
    return entry;
  });
}

const bundle = (name) => bundlePage(`message-list.${name}.tsx`, name, 'iife');
const [parley, chatui] = await Promise.all([bundle('parley'), bundle('chatui')]);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const rows = [
    ...(await measure(browser, 'Parley MessageList', parley)),
    ...(await measure(browser, 'Parley, fresh objects', parley, 'fresh')),
    ...(await measure(browser, '@chatui/core 3.8 Chat', chatui)),
  ];
  console.log(
    `Chromium ${browser.version()}, viewport 420x720; times are render + commit + layout (median of ${RUNS} for mount and prepend); heap is used JS heap after GC above the empty page.`,
  );
  console.log(
    "'fresh objects': the caller maps its messages to new objects on every change (no cache of its own).",
  );
  console.table(table(rows));
  if (rows.some((row) => row.appended < APPENDS)) {
    console.log(`* stopped after ${APPEND_BUDGET_MS} ms of appends; the sum is the mean times ${APPENDS}.`);
  }
  console.log('Growth with the conversation (1 000 messages is x1.00):');
  console.table(growth(rows));
} finally {
  await browser.close();
}
