import { ApiError, ErrorCode } from '@parley/chat-protocol';
import { describe, expect, it, vi } from 'vitest';
import { createAgentApi, createFetchTransport } from './transport.js';

const answering = (status: number, body: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

describe('the fetch transport', () => {
  it('should send JSON with its method and path, and give back the envelope whatever the status', async () => {
    const fetch = answering(404, JSON.stringify({ code: 404, data: null, message: 'unknown chat' }));
    const transport = createFetchTransport({ baseUrl: 'https://desk.example', fetch });
    const answer = await transport.request('POST', '/api/agent/chats/s1/join', {});
    expect(answer).toEqual({ code: 404, data: null, message: 'unknown chat' });
    expect(fetch).toHaveBeenCalledWith(
      'https://desk.example/api/agent/chats/s1/join',
      expect.objectContaining({ method: 'POST', body: '{}', cache: 'no-store', credentials: 'same-origin' }),
    );
  });

  it('given an error page that is not JSON, should answer its status as the code', async () => {
    const transport = createFetchTransport({ fetch: answering(502, '<h1>Bad gateway</h1>') });
    expect(await transport.request('GET', '/api/agent/me')).toMatchObject({ code: 502 });
  });
});

describe('the agent API', () => {
  it('should build the path from the contract, and check the answer', async () => {
    const request = vi.fn(async () => ({ code: ErrorCode.ok, data: { sessionId: 7 }, message: 'ok' }));
    const api = createAgentApi({ request });
    expect(await api('join', { params: { sessionId: 'a b' } })).toEqual({ sessionId: '7' });
    expect(request).toHaveBeenCalledWith('POST', '/api/agent/chats/a%20b/join', {});
  });

  it.each([
    ['a refusal', { code: 403, data: null, message: 'this chat is not yours' }, 'code', 403],
    ['no envelope', ['not', 'an', 'envelope'], 'shape', undefined],
    ['data of another shape', { code: 200, data: { id: 'a1' }, message: 'ok' }, 'shape', undefined],
  ])('given %s, should throw a typed ApiError', async (_, answer, kind, code) => {
    const api = createAgentApi({ request: async () => answer });
    const failure = await api('me', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind, code, call: 'me' });
  });

  it('given no answer at all, should throw a network ApiError', async () => {
    const api = createAgentApi({
      request: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api('me', {})).rejects.toMatchObject({ kind: 'network' });
  });
});
