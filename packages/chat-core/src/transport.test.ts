import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, visitorRoutes } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatApi, createFetchTransport } from './transport.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const routes: Record<string, Handler> = {
  channelInfo: (_, body, response) =>
    json(response, 200, { code: 200, data: { tenantId: 't', echo: JSON.parse(body) }, message: 'ok' }),
  chatStart: (_, __, response) => json(response, 200, { code: 4001, data: null, message: 'channel closed' }),
  chatClose: (_, __, response) => json(response, 500, { error: 'boom' }),
  getSessionMsg: (_, __, response) => json(response, 404, { code: 404, data: null, message: 'no such chat' }),
  getAdminCard: (_, __, response) => json(response, 200, '{"code":200,"data":'),
  sendMsg: (_, __, response) => json(response, 200, { code: 200, data: { status: 'yes' }, message: '' }),
  typing: (_, __, response) => json(response, 200, ['not', 'an', 'envelope']),
  getEventMsg: (_, __, response) =>
    globalThis.setTimeout(() => json(response, 200, { code: 200, data: {} }), 500),
  upload: (request, body, response) =>
    json(response, 200, {
      code: 200,
      data: {
        url: `https://files/${request.headers['content-type']?.split(';')[0]}`,
        name: body.includes('hello') ? 'ok' : '',
      },
      message: '',
    }),
};

let server: Server;
let base = '';
const seen: { url?: string; method?: string; type?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ url: request.url, method: request.method, type: request.headers['content-type'] });
      const call = request.url?.split('/').pop() ?? '';
      (routes[call] ?? ((_, __, res) => json(res, 404, {})))(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = (timeout?: number) => createChatApi(createFetchTransport({ apiBase: base, timeout }), vi.fn());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('fetch transport against a local server', () => {
  it('given a 200 envelope, should POST JSON to /api/chat/visitor/{call} and return the validated data', async () => {
    const data = await api()('channelInfo', { id: '7' });
    expect(data.tenantId).toBe('t');
    expect(data).not.toHaveProperty('echo');
    expect(seen.at(-1)).toEqual({
      url: '/api/chat/visitor/channelInfo',
      method: 'POST',
      type: 'application/json',
    });
    // The path the contract's table gives the call (spelt in the transport, outside the page's bundle).
    expect(seen.at(-1)?.url).toBe(visitorRoutes.channelInfo.path);
  });

  it('given a code other than 200, should fail with kind code, the code and the server message', async () => {
    const error = await failure(api()('chatStart', {}));
    expect(error).toMatchObject({
      call: 'chatStart',
      kind: 'code',
      code: 4001,
      serverMessage: 'channel closed',
    });
    expect(error.message).toBe('chatStart: channel closed (code 4001)');
  });

  it('given HTTP 500, should fail with kind http and the status', async () => {
    const error = await failure(api()('chatClose', {}));
    expect(error).toMatchObject({
      kind: 'http',
      code: 500,
      message: 'chatClose: the server answered HTTP 500',
    });
  });

  it('given an HTTP error status that carries an envelope, should fail with kind code and the server message', async () => {
    const error = await failure(api()('getSessionMsg', {}));
    expect(error).toMatchObject({ kind: 'code', code: 404, serverMessage: 'no such chat' });
    expect(error.message).toBe('getSessionMsg: no such chat (code 404)');
  });

  it('given malformed JSON, should fail with kind shape', async () => {
    const error = await failure(api()('getAdminCard', {}));
    expect(error).toMatchObject({ kind: 'shape', message: 'getAdminCard: the answer is not JSON' });
  });

  it('given a body that is not an envelope, should fail with kind shape', async () => {
    const error = await failure(api()('typing', {}));
    expect(error.message).toBe('typing: the answer has no {code, data, message} envelope');
  });

  it('given data of the wrong shape, should fail with kind shape and the path', async () => {
    const error = await failure(api()('sendMsg', {}));
    expect(error).toMatchObject({
      kind: 'shape',
      message: 'sendMsg: unexpected answer, data.status should be a number',
    });
  });

  it('given no answer within the timeout, should fail with kind timeout', async () => {
    const error = await failure(api(100)('getEventMsg', {}));
    expect(error).toMatchObject({ kind: 'timeout', message: 'getEventMsg: no answer within 100 ms' });
  });

  it('given nothing listening, should fail with kind network', async () => {
    const transport = createFetchTransport({ apiBase: 'http://127.0.0.1:1' });
    const error = await failure(createChatApi(transport, vi.fn())('channelInfo', {}));
    expect(error.kind).toBe('network');
  });

  it('given a file, should upload it as multipart', async () => {
    const form = new FormData();
    form.append('userId', 'u1');
    form.append('file', new File(['hello'], 'a.txt'));
    const data = await api()('upload', form);
    expect(data).toEqual({ url: 'https://files/multipart/form-data', name: 'ok', suffix: '' });
  });

  it('given a custom fetch, should use it', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: null, message: '' })));
    await createChatApi(createFetchTransport({ apiBase: base, fetch }), vi.fn())('chatClose', {});
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('given the default timeouts, should give up after 20 000 ms, and on uploads after 60 000 ms', async () => {
    vi.useFakeTimers();
    try {
      const hanging = vi.fn(() => new Promise<Response>(() => {}));
      const call = createChatApi(createFetchTransport({ apiBase: base, fetch: hanging }), vi.fn());
      const settled: string[] = [];
      const plain = failure(call('channelInfo', {})).finally(() => settled.push('channelInfo'));
      const upload = failure(call('upload', new FormData())).finally(() => settled.push('upload'));
      await vi.advanceTimersByTimeAsync(19_999);
      expect(settled).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await plain).toMatchObject({
        kind: 'timeout',
        message: 'channelInfo: no answer within 20000 ms',
      });
      await vi.advanceTimersByTimeAsync(39_998);
      expect(settled).toEqual(['channelInfo']);
      await vi.advanceTimersByTimeAsync(2);
      expect(await upload).toMatchObject({ kind: 'timeout', message: 'upload: no answer within 60000 ms' });
    } finally {
      vi.useRealTimers();
    }
  });
});
