import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { createMemoryStorage } from '../environment.js';
import { type ChatSessionOptions, createChatSession } from '../session.js';
import { CHANNEL, FakeServer, NOW, START } from '../testing.js';
import type { ChatMessage, Signal, StorageLike } from '../types.js';

export { agentEvent, CHANNEL, FakeServer, NOW, START } from '../testing.js';

type LogMock = Mock<(...args: unknown[]) => void>;

export function createSignal(initial: boolean): Signal & { set(value: boolean): void } {
  let value = initial;
  const listeners = new Set<(value: boolean) => void>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      value = next;
      for (const listener of listeners) listener(next);
    },
  };
}

export interface SetupOptions {
  search?: string;
  channel?: Partial<typeof CHANNEL> & Record<string, unknown>;
  start?: Partial<typeof START> & Record<string, unknown>;
  storage?: StorageLike;
  server?: FakeServer;
  /** The visitor's page and browser, as the session options give them. */
  page?: Pick<ChatSessionOptions, 'referrer' | 'pageUrl' | 'language' | 'timeZone'>;
}

/** A session on a fake server with fake timers; nothing started. */
export function setup(options: SetupOptions = {}) {
  const server = options.server ?? new FakeServer();
  if (options.channel) server.reply('channelInfo', { ...CHANNEL, ...options.channel });
  if (options.start) server.reply('chatStart', { ...START, ...options.start });
  const logger: Record<'info' | 'warn' | 'error', LogMock> = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const storage = options.storage ?? createMemoryStorage();
  const visibility = createSignal(true);
  const connectivity = createSignal(true);
  const notifyParent: Mock<(message: ChatMessage) => void> = vi.fn();
  const session = createChatSession({
    transport: server,
    storage,
    logger,
    visibility,
    connectivity,
    search: options.search ?? '?channelId=c1',
    referrer: 'https://shop.example/cart',
    language: 'de-AT',
    timeZone: 'Europe/Vienna',
    ...options.page,
    notifyParent,
    createObjectUrl: () => 'blob:preview',
  });
  const state = () => session.getSnapshot();
  const texts = () => state().messages.map((message) => message.msgContent);
  return { server, logger, storage, visibility, connectivity, notifyParent, session, state, texts };
}

/** Starts a session and lets its first timers settle nowhere (no time passes). */
export async function started(options: SetupOptions = {}) {
  const context = setup(options);
  await context.session.start();
  return context;
}

/** Advances fake time and lets the promises it starts settle. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Fake timers and clock for every test of the file. */
export function installFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
