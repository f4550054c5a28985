// Benchmark: loading the visitor page on a throttled phone, beside a page of the same
// conversation built with @chatui/core 3.8, in the same run, in headless Debian Chromium.
// Run: npm run bench:visitor-page (builds the server and the app first).
//
// Profile: 390x780 viewport, CPU slowed 4x, network at Lighthouse's "slow 4G" (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up). Each page loads RUNS times (default 5) in a fresh context (cold
// cache), the two pages taking turns; medians are printed. Both pages are served Brotli-compressed.
// Parley's page is the real one: it also makes its API calls (channel info, chat start) to the
// reference server before it can show the conversation; the peer page has its conversation inline
// and calls nothing.
import { createServer } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { bundlePage } from './bundle.mjs';
import { startReferenceServer } from './net.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const SERVER_PORT = 3481;
const PEER_PORT = 3482;

// Served as the reference server serves Parley's: Brotli when the browser takes it.
function servePeer(files) {
  const brotli = Object.fromEntries(
    Object.entries(files).map(([name, body]) => [name, brotliCompressSync(body)]),
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Robot first</title><link rel="stylesheet" href="/bundle.css"></head><body style="margin:0"><div id="root"></div><script type="module" src="/bundle.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const name = request.url === '/' ? null : request.url?.slice(1);
    if (!name) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
      return;
    }
    const body = files[name];
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    const type = name.endsWith('.js') ? 'text/javascript' : 'text/css';
    if (/\bbr\b/.test(String(request.headers['accept-encoding']))) {
      response.writeHead(200, { 'content-type': type, 'content-encoding': 'br' }).end(brotli[name]);
      return;
    }
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  return new Promise((resolve) => server.listen(PEER_PORT, '127.0.0.1', () => resolve(server)));
}

// Collected in the page from the first byte: largest contentful paint and long tasks.
function observe() {
  const perf = { lcp: 0, tbt: 0, longTasks: 0 };
  Object.defineProperty(window, '__perf', { value: perf });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      perf.tbt += Math.max(0, entry.duration - 50);
      perf.longTasks += 1;
    }
  }).observe({ type: 'longtask', buffered: true });
}

async function load(browser, url, readyText) {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 }, isMobile: true });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let jsBytes = 0;
  const scripts = new Set();
  session.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.mimeType.includes('javascript')) scripts.add(requestId);
  });
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) jsBytes += encodedDataLength;
  });
  await page.addInitScript(observe);
  const started = Date.now();
  await page.goto(url);
  await page.getByText(readyText).first().waitFor();
  const readyMs = Date.now() - started;
  await page.waitForTimeout(1500); // let LCP settle
  const perf = await page.evaluate(() => window.__perf);
  await context.close();
  return { jsKB: jsBytes / 1024, readyMs, lcp: perf.lcp, tbt: perf.tbt };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const peerBundle = await bundlePage('visitor-page.chatui.tsx', 'visitor-page-chatui', 'es');
const peerFiles = { 'bundle.js': peerBundle.js, 'bundle.css': peerBundle.css };
const peer = await servePeer(peerFiles);
const server = await startReferenceServer(SERVER_PORT);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const pages = [
    {
      name: 'Parley /chat/index (robot channel)',
      url: `http://127.0.0.1:${SERVER_PORT}/chat/index?channelId=robot`,
    },
    { name: '@chatui/core 3.8 page', url: `http://127.0.0.1:${PEER_PORT}/` },
  ];
  // The pages take turns, load by load, so a machine that slows down during the run slows both.
  const runs = pages.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, { url }] of pages.entries()) {
      runs[index].push(await load(browser, url, 'Hi! I am the Parley bot'));
    }
  }
  const rows = pages.map(({ name }, index) => ({
    page: name,
    'JS transferred KB': median(runs[index].map((run) => run.jsKB)).toFixed(1),
    'conversation visible ms': median(runs[index].map((run) => run.readyMs)).toFixed(0),
    'LCP ms': median(runs[index].map((run) => run.lcp)).toFixed(0),
    'TBT ms': median(runs[index].map((run) => run.tbt)).toFixed(0),
  }));
  console.log(
    `Chromium ${browser.version()}, 390x780, CPU 4x slower, slow 4G (150 ms RTT, 1.6 Mbit/s); median of ${RUNS} cold loads.`,
  );
  console.table(rows);
} finally {
  await browser.close();
  server.kill();
  peer.close();
}
