// Benchmark: a streamed 4 000-token Markdown answer rendered token by token by Parley's RichText
// with `streaming`, by RichText without it and by bare react-markdown (both re-render the whole
// text at each token), and by Vercel's Streamdown, in the same run, in headless Debian Chromium.
// Run: npm run bench:streaming
//
// A model streams at about 50 tokens/s, so a token has 20 ms. The pages are fed faster than that
// (the next token a macrotask after the last one is laid out, so effects run and the page paints
// in between) because what is measured is each token's own cost: from the state update through
// render, commit and a forced layout. The cost at token 100 is the tokens 51 to 150; at token
// 4 000 the tokens 3 901 to 4 000; RUNS runs each (default 3), pooled. On a shared machine a
// token's time also holds the moments the page was not scheduled; "best of runs" takes each
// token's least time over the runs (the same work each run), which leaves out most of that.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { bundlePage } from './bundle.mjs';
import { answerTokens } from './streaming.answer.mjs';

const TOKENS = 4_000;
const RUNS = Number(process.env.RUNS ?? 3);
const WINDOWS = [
  { label: 'token 100', from: 50, to: 150 },
  { label: 'token 4 000', from: TOKENS - 100, to: TOKENS },
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function measure(browser, name, code, tokens, variant) {
  const page = await browser.newPage({ viewport: { width: 420, height: 720 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.setContent(
    `<!doctype html><html><head><style>${code.css}\nhtml,body{margin:0}</style></head><body><div id="root"></div></body></html>`,
  );
  if (variant) await page.evaluate((value) => Object.assign(window, { benchVariant: value }), variant);
  await page.addScriptTag({ content: code.js.toString() });
  await page.waitForFunction(() => window.bench);
  // One short stream to warm the engine, so the first tokens do not carry the page's compile time.
  await page.evaluate((warm) => window.bench.stream(warm), tokens.slice(0, 300));
  const runs = [];
  for (let run = 0; run < RUNS; run += 1)
    runs.push(await page.evaluate((all) => window.bench.stream(all), tokens));
  await page.close();
  if (errors.length > 0)
    console.warn(`${name}: page errors:\n${[...new Set(errors)].slice(0, 5).join('\n')}`);
  const row = { library: name };
  for (const { label, from, to } of WINDOWS) {
    const samples = runs.flatMap((result) => result.times.slice(from, to));
    const best = runs[0].times
      .slice(from, to)
      .map((_, index) => Math.min(...runs.map((result) => result.times[from + index])));
    row[`${label} p50`] = percentile(samples, 50).toFixed(2);
    row[`${label} p95`] = percentile(samples, 95).toFixed(2);
    row[`${label} p95, best of runs`] = percentile(best, 95).toFixed(2);
  }
  const totals = runs.map((result) => result.times.reduce((sum, ms) => sum + ms, 0));
  row['all tokens, s'] = (totals.reduce((sum, ms) => sum + ms, 0) / runs.length / 1000).toFixed(2);
  row['final render ms'] = percentile(
    runs.map((result) => result.final),
    50,
  ).toFixed(1);
  row['DOM elements'] = runs[0].elements;
  row['JS gz KB'] = (gzipSync(code.js).length / 1024).toFixed(1);
  return row;
}

const tokens = answerTokens(TOKENS);
const text = tokens.join('');
const bundle = (name) => bundlePage(`streaming.${name}.tsx`, `streaming-${name}`, 'iife');
const parley = await bundle('parley');
const reactMarkdown = await bundle('react-markdown');
const streamdown = await bundle('streamdown');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const rows = [
    await measure(browser, 'Parley RichText, streaming', parley, tokens),
    await measure(browser, 'Parley RichText, whole text (react-markdown)', parley, tokens, 'whole'),
    await measure(browser, 'react-markdown 10, bare, whole text', reactMarkdown, tokens),
    await measure(browser, 'Streamdown 2.7', streamdown, tokens),
  ];
  console.log(
    `Chromium ${browser.version()}, viewport 420x720; a ${TOKENS}-token answer (${text.length} characters); ` +
      `per-token cost in ms = state update to render, commit and forced layout; ${RUNS} runs pooled.`,
  );
  console.table(rows);
  console.log(
    'At 50 tokens/s a token has 20 ms. "final render" is the render when streaming turns false. ' +
      'JS gz is the whole bench page (React included). RichText and Streamdown render the GFM table; bare react-markdown shows it as text.',
  );
} finally {
  await browser.close();
}
