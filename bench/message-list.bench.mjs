// Benchmark: Parley's MessageList against @chatui/core 3.8's Chat rendering the same conversation,
// in headless Debian Chromium. Run: npm run bench:message-list
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { bundlePage } from './bundle.mjs';

async function heapMB(session) {
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

async function measure(browser, name, code) {
  const page = await browser.newPage({ viewport: { width: 420, height: 720 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await page.setContent(
    `<!doctype html><html><head><style>${code.css}\nhtml,body{margin:0}</style></head><body><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: code.js.toString() });
  const baseline = await heapMB(session);
  const rows = [];
  for (const count of [1_000, 10_000]) {
    const mount = await page.evaluate((n) => window.bench.mount(n), count);
    const heapAfterMount = await heapMB(session);
    const prepend = await page.evaluate(() => window.bench.prepend(20));
    const append = await page.evaluate(() => window.bench.appendOneByOne(100));
    const heapAfter = await heapMB(session);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    rows.push({
      library: name,
      messages: count,
      'mount ms': mount.toFixed(1),
      'prepend 20 ms': prepend.toFixed(1),
      'append 100 ms (sum)': append.toFixed(1),
      'append ms (mean)': (append / 100).toFixed(2),
      'heap after mount MB': (heapAfterMount - baseline).toFixed(1),
      'heap after all MB': (heapAfter - baseline).toFixed(1),
      'DOM elements': domNodes,
    });
  }
  await page.close();
  if (errors.length > 0)
    console.warn(`${name}: page errors:\n${[...new Set(errors)].slice(0, 5).join('\n')}`);
  return rows;
}

const bundle = (name) => bundlePage(`message-list.${name}.tsx`, name, 'iife');
const [parley, chatui] = await Promise.all([bundle('parley'), bundle('chatui')]);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const rows = [
    ...(await measure(browser, 'Parley MessageList', parley)),
    ...(await measure(browser, '@chatui/core 3.8 Chat', chatui)),
  ];
  console.log(
    `Chromium ${browser.version()}, viewport 420x720; times are render + commit + layout; heap is used JS heap after GC above the empty page.`,
  );
  console.table(rows);
} finally {
  await browser.close();
}
