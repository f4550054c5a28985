// Benchmark: the language-model robot's answer reaching the visitor as it is generated (robotAsk
// with `stream`, parts through the held poll) against the spec's whole answer (robotAsk without
// it), in the same run on the same server. A scripted OpenAI-compatible model streams every answer
// at a fixed token rate; the visitors are driven from this process, as the page does.
// Run: npm run bench:robot-stream   (builds @parley/server first)
// Knobs: BENCH_VISITORS (20 at once), BENCH_TOKENS (100 per answer), BENCH_TOKEN_RATE (50 a second)
// Measures: each token's delay from the model writing it to the page having it (p50, p95, max),
// the time to the first visible text and to the final answer, the poll answers per answer, and
// that the text the page assembled by offset is the model's text exactly (no repeat, no loss).
import { Agent, createServer, request } from 'node:http';
import { freePort, startReferenceServer } from './net.mjs';

const visitors = Number(process.env.BENCH_VISITORS ?? 20);
const tokens = Number(process.env.BENCH_TOKENS ?? 100);
const tokenRate = Number(process.env.BENCH_TOKEN_RATE ?? 50);
const http = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** When each token (`r{request}t{index} `) left the model. */
const sentAt = new Map();
let requests = 0;

/** An OpenAI-compatible endpoint that streams `tokens` tokens at `tokenRate` a second. */
function startModel() {
  const chunk = (delta, finish = null) =>
    `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    const id = ++requests;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let index = 0; index < tokens; index++) {
      const token = `r${id}t${index} `;
      sentAt.set(token.trim(), performance.now());
      res.write(chunk({ content: token }));
      await sleep(1000 / tokenRate);
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function call(port, name, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/chat/visitor/${name}`,
        method: 'POST',
        agent: http,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (part) => chunks.push(part));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()).data));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => `${value.toFixed(0)} ms`;

/** One visitor asks one question; answers what the page saw and when. */
async function visit(port, stream) {
  const start = await call(port, 'chatStart', { channelId: 'demo' });
  const { userId, pollId } = start;
  const msgId = `msgId-${Math.random().toString(36).slice(2)}`;
  const question = 'How much does shipping cost?';
  await call(port, 'sendMsg', { userId, msgContent: question, clientMsgId: msgId });
  const asked = performance.now();
  const latencies = [];
  let firstText;
  let text = '';
  let polls = 0;
  let repeatedParts = 0;
  const arrived = (more) => {
    const now = performance.now();
    for (const token of more.match(/r\d+t\d+/g) ?? []) {
      const sent = sentAt.get(token);
      if (sent !== undefined) latencies.push(now - sent);
    }
  };
  if (!stream) {
    const answer = await call(port, 'robotAsk', { userId, msgContent: question, msgId });
    firstText = performance.now() - asked;
    arrived(answer.msgContent);
    return {
      latencies,
      firstText,
      final: firstText,
      polls,
      repeatedParts,
      ok: /^(r\d+t\d+ )+/.test(answer.msgContent),
    };
  }
  await call(port, 'robotAsk', { userId, msgContent: question, msgId, stream: true });
  let cursor = '0';
  for (;;) {
    const answer = await call(port, 'getEventMsg', { userId, pollId, cursor, wait: 15_000 });
    polls++;
    cursor = answer.cursor;
    for (const event of answer.msgList) {
      if (event.event_type === 1301) {
        if (event.at + event.delta.length <= text.length) repeatedParts++;
        const placed = event.at > text.length ? undefined : text.slice(0, event.at) + event.delta;
        if (placed === undefined) throw new Error('a part past the end: parts were lost');
        const more = placed.slice(text.length);
        if (more) {
          firstText ??= performance.now() - asked;
          arrived(more);
        }
        text = placed.length > text.length ? placed : text;
      }
      if (event.event_type === 1302) {
        const final = performance.now() - asked;
        const answerText = event.msgContent.split('\n\n')[0];
        arrived(answerText.slice(text.length));
        firstText ??= final;
        return { latencies, firstText, final, polls, repeatedParts, ok: answerText.startsWith(text.trim()) };
      }
    }
  }
}

async function runMode(port, stream) {
  const results = await Promise.all(Array.from({ length: visitors }, () => visit(port, stream)));
  const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  const first = results.map((result) => result.firstText).sort((a, b) => a - b);
  const final = results.map((result) => result.final).sort((a, b) => a - b);
  return {
    mode: stream ? 'streamed (held poll)' : 'whole answer (spec)',
    tokenDelayP50: ms(percentile(latencies, 50)),
    tokenDelayP95: ms(percentile(latencies, 95)),
    tokenDelayMax: ms(latencies.at(-1)),
    firstTextP50: ms(percentile(first, 50)),
    finalP50: ms(percentile(final, 50)),
    pollsPerAnswer: (results.reduce((sum, result) => sum + result.polls, 0) / visitors).toFixed(1),
    partsRepeated: results.reduce((sum, result) => sum + result.repeatedParts, 0),
    textExact: results.every((result) => result.ok),
  };
}

const model = await startModel();
const port = await freePort();
const server = await startReferenceServer(port, {
  PARLEY_LLM_URL: `http://127.0.0.1:${model.address().port}/v1`,
  PARLEY_LLM_MODEL: 'bench',
  RATE_LIMIT_PER_VISITOR: '100000',
  RATE_LIMIT_CHAT_START: '100000',
  RATE_LIMIT_PER_IP: '1000000',
});
try {
  console.info(
    `${visitors} visitors at once, each answer ${tokens} tokens at ${tokenRate} tokens/s (${((tokens / tokenRate) * 1000).toFixed(0)} ms of generation)`,
  );
  await runMode(port, true); // warm-up: the embedded database's first queries
  console.table([await runMode(port, true), await runMode(port, false)]);
} finally {
  server.kill();
  model.close();
  http.destroy();
}
