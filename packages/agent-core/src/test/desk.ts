import { vi } from 'vitest';
import { createAgentDesk } from '../desk.js';
import { createMemoryStorage } from '../environment.js';
import { createFakeAgentServer, type FakeAgentServer } from '../testing.js';
import type { DeskOptions, Signal, StorageLike } from '../types.js';

/** A visibility the test flips. */
export function fakeVisibility(visible = true) {
  let value = visible;
  const listeners = new Set<(value: boolean) => void>();
  const signal: Signal = {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    signal,
    set(next: boolean) {
      value = next;
      for (const listener of listeners) listener(next);
    },
  };
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A desk on a fake server, with fake timers (installed by the caller), memory storage, a flippable
 * visibility and numbered reply ids.
 */
export function deskOnFakeServer(
  options: Partial<DeskOptions> & { storage?: StorageLike; server?: FakeAgentServer } = {},
) {
  const server = options.server ?? createFakeAgentServer();
  const visibility = fakeVisibility();
  const storage = options.storage ?? createMemoryStorage();
  let ids = 0;
  const desk = createAgentDesk({
    transport: server.transport,
    storage,
    logger: quiet,
    visibility: visibility.signal,
    createId: () => `reply-${++ids}`,
    ...options,
  });
  return { server, desk, visibility, storage };
}

/** Lets the desk and the fake server run their pending work, `ms` of fake time later. */
export const later = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
