import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { keysOnly } from '../i18n/i18n.js';
import en from '../locales/en.json' with { type: 'json' };
import { ChunkErrorBoundary } from './ChunkErrorBoundary.js';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './chunks.js';

const t = (key: string) => `t(${key})`;

describe('isChunkLoadError', () => {
  it.each([
    new ChunkLoadError('script'),
    new ChunkLoadError('css'),
    new TypeError('Failed to fetch dynamically imported module: https://x/chat/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /chat/assets/a.css'),
    Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }),
  ])('given %s, should recognise a chunk failure', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), 'Loading chunk failed', null])(
    'given %s, should not mistake it for a chunk failure',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );

  it('should carry the spec texts and codes', () => {
    expect(new ChunkLoadError('script')).toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk failed',
    });
    expect(new ChunkLoadError('css')).toMatchObject({
      message: 'Loading CSS chunk failed',
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
  });
});

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a chunk that never arrives, should fail after 120 000 ms and not before', async () => {
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('given a fetch failure, should turn it into a ChunkLoadError keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /chat/assets/a.js');
    await expect(loadChunk(() => Promise.reject(cause))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      cause,
    });
  });

  it('given a bug inside the module, should pass the error through unchanged', async () => {
    const bug = new RangeError('bad');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('given a module, should resolve with it', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});

describe('ChunkErrorBoundary', () => {
  it('given a lazy part that fails to download, should show a message and a retry that loads it again', async () => {
    const download = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /chat/assets/p.js'))
      .mockResolvedValue({ default: () => <p>part loaded</p> });
    function Page() {
      const [attempt, setAttempt] = useState(0);
      // A new lazy component per attempt: React.lazy remembers a failed load.
      // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reason to recreate it
      const Part = useMemo(() => lazy(() => loadChunk(download)), [attempt]);
      return (
        <ChunkErrorBoundary key={attempt} t={t} onRetry={() => setAttempt((value) => value + 1)}>
          <Suspense fallback={<p>loading</p>}>
            <Part />
          </Suspense>
        </ChunkErrorBoundary>
      );
    }
    const screen = await render(<Page />);
    await expect
      .element(screen.getByRole('alert').getByRole('heading', { name: 't(errors.chunkTitle)' }))
      .toBeVisible();
    await screen.getByRole('button', { name: 't(errors.reload)' }).click();
    await expect.element(screen.getByText('part loaded')).toBeVisible();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('given no language strings yet, should show the catalogue English texts, not keys', async () => {
    const Missing = () => {
      throw new ChunkLoadError('script');
    };
    const screen = await render(
      <ChunkErrorBoundary t={keysOnly}>
        <Missing />
      </ChunkErrorBoundary>,
    );
    await expect
      .element(screen.getByRole('alert').getByRole('heading', { name: en.errors.chunkTitle }))
      .toBeVisible();
    await expect.element(screen.getByText(en.errors.chunkBody)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.errors.reload })).toBeVisible();
  });

  it('given another error, should leave it to the boundary above', async () => {
    const Broken = () => {
      throw new Error('bug');
    };
    const onError = vi.fn();
    window.addEventListener('error', (event) => event.preventDefault(), { once: true });
    const { ErrorBoundary } = await import('./testErrorBoundary.js');
    const screen = await render(
      <ErrorBoundary onError={onError}>
        <ChunkErrorBoundary t={t}>
          <Broken />
        </ChunkErrorBoundary>
      </ErrorBoundary>,
    );
    await expect.element(screen.getByText('outer boundary')).toBeVisible();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'bug' });
  });
});
