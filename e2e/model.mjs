// A stand-in language model for the end-to-end tests: an OpenAI-compatible chat-completions
// endpoint that streams one fixed Markdown answer slowly (a thought first, then a few words every
// 150 ms), so a test can watch it grow, reload in the middle, or ask for a person meanwhile.
import { createServer } from 'node:http';

import { MODEL_ANSWER } from './modelAnswer.mjs';

// Port 0 unless told: the system picks a free one, and the line printed at start names it
// (playwright.config.ts reads it into E2E_MODEL_PORT).
const port = Number(process.env.E2E_MODEL_PORT ?? 0);
const STEP_MS = 400;

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-e2e',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'e2e',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"object":"list","data":[{"id":"e2e","object":"model"}]}');
    return;
  }
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const parts = [chunk({ role: 'assistant', reasoning_content: 'The visitor asks about shipping.' })];
    const words = MODEL_ANSWER.split(' ');
    for (let index = 0; index < words.length; index += 3)
      parts.push(chunk({ content: `${words.slice(index, index + 3).join(' ')} ` }));
    parts.push(chunk({}, 'stop'));
    parts.push('data: [DONE]\n\n');
    let next = 0;
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      response.write(parts[next] ?? '');
      next += 1;
      if (next >= parts.length) {
        clearInterval(timer);
        response.end();
      }
    }, STEP_MS);
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`e2e model listening on http://127.0.0.1:${server.address().port}`);
});
