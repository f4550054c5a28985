// Benchmark: a visitor tab left open for a day. The real visitor page talks to the reference
// server in Debian Chromium under a fake clock: it polls with the spec's delays (every 5 s) for
// HOURS (default 24) of page time while MESSAGES (default 500) agent messages arrive, spread evenly.
// Heap (after a forced GC), DOM elements and event listeners are printed at the start and the end,
// beside @chatui/core 3.8's Chat given the same 500 messages. Run: npm run bench:soak
//
// The page's polls go to the server with their `wait` hint removed, so the server answers at once
// (as a server that does not hold would) and the page keeps the spec's polling; the agent messages
// are added to those answers as event 1201, as the server would send them. A day of polls arrives in
// minutes of real time, so the server's per-visitor rate limit is raised for this run.
import { MsgType, SenderType, VisitorEvent } from '@parley/chat-protocol';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { bundlePage } from './bundle.mjs';
import { freePort, startReferenceServer } from './net.mjs';

const HOURS = Number(process.env.HOURS ?? 24);
const MESSAGES = Number(process.env.MESSAGES ?? 500);
/** Then this many hours of polls with nothing new: what a poll alone costs, over time. */
const QUIET_HOURS = Number(process.env.QUIET_HOURS ?? 6);
/** The page's poll delay without an agent (spec section 9): the clock moves one poll at a time. */
const STEP_MS = 5000;

const lines = [
  'Thanks for waiting, I am checking your order now.',
  'Your parcel left the warehouse this morning.',
  'Is there anything else I can help you with?',
  'Here is the tracking link: https://example.com/track/1042',
];

async function metrics(page, session) {
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  const { metrics: list } = await session.send('Performance.getMetrics');
  const metric = (name) => list.find((entry) => entry.name === name)?.value ?? 0;
  return {
    heapMB: usedSize / 1024 / 1024,
    dom: await page.evaluate(() => document.getElementsByTagName('*').length),
    listeners: metric('JSEventListeners'),
  };
}

async function soakParley(browser, port) {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.clock.install({ time: Date.UTC(2026, 10, 25, 8) });
  const waiting = [];
  let polls = 0;
  let refused = 0;
  await page.route('**/api/chat/visitor/getEventMsg', async (route) => {
    const body = route.request().postDataJSON();
    delete body.wait;
    const response = await route.fetch({ postData: JSON.stringify(body) });
    const answer = await response.json();
    if (response.status() !== 200 || answer.code !== 200) refused += 1;
    if (answer.data && waiting.length > 0)
      answer.data.msgList = [...answer.data.msgList, ...waiting.splice(0)];
    polls += 1;
    await route.fulfill({ response, json: answer });
  });
  const session = await context.newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await session.send('Performance.enable');
  await page.goto(`http://127.0.0.1:${port}/chat/index?channelId=robot`);
  // The page's own timers wait for the fake clock: move it until the visitor can type.
  const composer = page.getByRole('textbox', { name: /message/i });
  while (!(await composer.isEnabled().catch(() => false))) await page.clock.runFor(100);

  const steps = Math.round((HOURS * 3_600_000) / STEP_MS);
  const every = Math.max(1, Math.floor(steps / MESSAGES));
  let sent = 0;
  const say = () => {
    sent += 1;
    waiting.push({
      msgId: `soak-${sent}`,
      event_type: VisitorEvent.agentMessage,
      senderType: SenderType.agent,
      senderName: 'Alice',
      msgType: MsgType.text,
      msgContent: `${lines[sent % lines.length]} (${sent})`,
      msgTime: Date.UTC(2026, 10, 25, 8) + sent * every * STEP_MS,
    });
  };
  // A poll is answered between two moves of the clock, so the page sees time pass as it would.
  const step = async () => {
    const before = polls;
    await page.clock.runFor(STEP_MS);
    for (let tries = 0; polls === before && tries < 200; tries += 1)
      await new Promise((r) => setTimeout(r, 5));
  };
  // The start: the first message shown, so what loads on demand for it has loaded.
  say();
  for (let index = 0; index < 3; index += 1) await step();
  await page.getByText('(1)', { exact: false }).first().waitFor();
  const start = await metrics(page, session);
  const started = Date.now();
  for (let index = 3; index < steps; index += 1) {
    if (index % every === 0 && sent < MESSAGES) say();
    await step();
  }
  await page.getByText(`(${sent})`, { exact: false }).first().waitFor();
  const end = await metrics(page, session);
  const quietFrom = polls;
  for (let index = 0; index < (QUIET_HOURS * 3_600_000) / STEP_MS; index += 1) await step();
  const quiet = await metrics(page, session);
  const quietPolls = polls - quietFrom;
  await context.close();
  if (refused > 0) throw new Error(`${refused} of ${polls} polls were refused by the server`);
  if (errors.length > 0) console.warn(`Parley: page errors:\n${[...new Set(errors)].slice(0, 5).join('\n')}`);
  return { start, end, quiet, quietPolls, polls, messages: sent, seconds: (Date.now() - started) / 1000 };
}

async function soakPeer(browser) {
  const code = await bundlePage('message-list.chatui.tsx', 'chatui', 'iife');
  const page = await browser.newPage({ viewport: { width: 390, height: 780 } });
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await session.send('Performance.enable');
  await page.setContent(
    `<!doctype html><html><head><style>${code.css}\nhtml,body{margin:0}</style></head><body><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: code.js.toString() });
  await page.waitForFunction(() => window.bench);
  await page.evaluate(() => window.bench.mount(1));
  const start = await metrics(page, session);
  await page.evaluate((count) => window.bench.appendOneByOne(count), MESSAGES - 1);
  const end = await metrics(page, session);
  await page.close();
  return { start, end, polls: 0, messages: MESSAGES };
}

const row = (name, phase, figures, extra) => ({
  page: name,
  phase,
  'heap MB': figures.heapMB.toFixed(1),
  'DOM elements': figures.dom,
  'event listeners': figures.listeners,
  ...extra,
});

const port = await freePort();
const server = await startReferenceServer(port, {
  RATE_LIMIT_PER_VISITOR: '1000000',
  RATE_LIMIT_PER_IP: '1000000',
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const parley = await soakParley(browser, port);
  const peer = await soakPeer(browser);
  console.log(
    `Chromium ${browser.version()}, 390x780. Parley: ${HOURS} h of page time on a fake clock, ${parley.polls} polls, ${parley.messages} agent messages (${parley.seconds.toFixed(0)} s of real time). @chatui/core 3.8 Chat: the same ${peer.messages} messages appended.`,
  );
  console.table([
    row('Parley /chat/index', 'start (first message shown)', parley.start),
    row('Parley /chat/index', `end (${HOURS} h, ${parley.messages} messages)`, parley.end),
    row('Parley /chat/index', `then ${QUIET_HOURS} h quiet (${parley.quietPolls} polls)`, parley.quiet),
    row('@chatui/core 3.8 Chat', 'start (1 message)', peer.start),
    row('@chatui/core 3.8 Chat', `end (${peer.messages} messages)`, peer.end),
  ]);
  const quiet = parley.quiet.heapMB - parley.end.heapMB;
  console.log(
    `Parley, ${QUIET_HOURS} h of polls with nothing new: heap ${quiet >= 0 ? '+' : ''}${quiet.toFixed(2)} MB, DOM ${parley.quiet.dom - parley.end.dom}, listeners ${parley.quiet.listeners - parley.end.listeners}`,
  );
  for (const [name, result] of [
    ['Parley', parley],
    ['@chatui/core 3.8', peer],
  ]) {
    const grown = result.end.heapMB - result.start.heapMB;
    console.log(
      `${name}: heap ${grown >= 0 ? '+' : ''}${grown.toFixed(2)} MB (${((grown * 1024) / result.messages).toFixed(1)} KB per message), DOM ${result.end.dom - result.start.dom >= 0 ? '+' : ''}${result.end.dom - result.start.dom} elements, listeners ${result.end.listeners - result.start.listeners >= 0 ? '+' : ''}${result.end.listeners - result.start.listeners}`,
    );
  }
} finally {
  await browser.close();
  server.kill();
}
