/** Spec section 9: a script chunk that has not loaded after two minutes has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error a chunk load becomes, with the spec's texts and codes (section 8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';
  constructor(kind: 'script' | 'css', options?: { cause?: unknown }) {
    super(kind === 'css' ? 'Loading CSS chunk failed' : 'Loading chunk failed', options);
    this.code = kind === 'css' ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
  }
}

// What browsers and Vite say when a lazily loaded module or its stylesheet cannot be fetched.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]* ?failed/i;

/** True for any failure to load a piece of the app, as opposed to a bug in it. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED' || CHUNK_FAILURE.test(error.message)
  );
}

/**
 * Wraps a dynamic import so that a failure or a load slower than the spec's two minutes becomes a
 * ChunkLoadError the page can show with a retry, instead of a blank page.
 *
 * @example
 * const Evaluation = lazy(() => loadChunk(() => import('./Evaluation.js')));
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  {
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
    setTimeout: after = (callback: () => void, ms: number) => globalThis.setTimeout(callback, ms),
    clearTimeout: cancel = (handle: unknown) =>
      globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = after(() => reject(new ChunkLoadError('script')), timeoutMs);
    load().then(
      (module) => {
        cancel(timer);
        resolve(module);
      },
      (error: unknown) => {
        cancel(timer);
        reject(
          isChunkLoadError(error) && !(error instanceof ChunkLoadError)
            ? new ChunkLoadError(/CSS/i.test(String(error)) ? 'css' : 'script', { cause: error })
            : error,
        );
      },
    );
  });
}
