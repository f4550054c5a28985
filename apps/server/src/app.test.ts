import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';

describe('serving the visitor app under /chat/', () => {
  const dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
  mkdirSync(join(dist, 'assets'));
  // As built: the page's stylesheet inline, tens of KB.
  const style = `<style>${'.parley-bubble{margin:0}'.repeat(400)}</style>`;
  writeFileSync(join(dist, 'index.html'), `<!doctype html><head><title>Parley</title>${style}</head>`);
  const script = 'console.log(1);'.repeat(200);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  let app: Awaited<ReturnType<typeof buildServer>>;

  beforeAll(async () => {
    app = await buildServer({
      visitorDist: dist,
      frameAncestors: ["'self'", 'https://shop.example', 'https://www.shop.example/cart', '*.example.org'],
    });
  });

  it('given the allowed framing origins, should tell the page which parents it may talk to', async () => {
    const response = await app.inject('/chat/index?channelid=1');
    expect(response.body).toContain(
      '<meta name="parley:embed-origins" content="https://shop.example https://www.shop.example" />',
    );
  });

  it('given a browser that takes Brotli, should send the HTML shell compressed, with what the page adds', async () => {
    const response = await app.inject({
      url: '/chat/index?channelid=1',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors');
    expect(response.rawPayload.length).toBeLessThan(style.length / 10);
    const page = brotliDecompressSync(response.rawPayload).toString();
    expect(page).toContain(style);
    expect(page).toContain('<meta name="parley:embed-origins"');
  });

  it('given a browser that takes only gzip, should send the HTML shell gzipped', async () => {
    const response = await app.inject({ url: '/chat/index', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain(style);
  });

  it('given a browser that takes Brotli, should send the pre-compressed asset', async () => {
    const response = await app.inject({
      url: '/chat/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('given a browser that takes nothing compressed, should send the asset as it is', async () => {
    const response = await app.inject({
      url: '/chat/assets/index-abc123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });
  afterAll(() => app.close());

  it('given a page route, should answer the HTML shell and forbid caching it unchecked', async () => {
    const response = await app.inject('/chat/index?channelid=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Parley</title>');
  });

  it('given a hashed asset, should cache it immutably', async () => {
    const response = await app.inject('/chat/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('given /chat without a slash, should redirect to /chat/', async () => {
    const response = await app.inject('/chat');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/chat/');
  });

  it('given the health route, should answer ok', async () => {
    const response = await app.inject('/healthz');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('without a built visitor app', () => {
  it('should answer 503 with a clear message instead of crashing', async () => {
    const app = await buildServer({ visitorDist: join(tmpdir(), 'parley-missing-dist') });
    const response = await app.inject('/chat/index');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('the visitor app is not built');
    await app.close();
  });
});

describe('a refusal, for programs', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    app = await buildServer({});
  });
  afterAll(() => app.close());

  it.each([
    ['an unknown route', { method: 'GET', url: '/api/nowhere' }, 404, 'not_found'],
    [
      'a body the schema refuses',
      { method: 'POST', url: '/api/chat/visitor/channelInfo', payload: { id: 7 } },
      400,
      'invalid_request',
    ],
    ['an agent call before logging in', { method: 'GET', url: '/api/agent/me' }, 401, 'unauthorized'],
    [
      'an agent write that is not JSON',
      {
        method: 'POST',
        url: '/api/agent/status',
        payload: 'online=1',
        headers: { 'content-type': 'text/plain' },
      },
      415,
      'unsupported_media_type',
    ],
  ] as const)('given %s, should carry the type of its code', async (_, request, code, type) => {
    const answer = await app.inject(request);
    expect(answer.statusCode).toBe(code);
    expect(answer.json()).toMatchObject({ code, data: null, type });
  });
});
