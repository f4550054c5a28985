import { ChatStatus } from '@parley/chat-protocol';
import type { Conversation, Core } from './context.js';
import { removeMessage } from './messages.js';
import { FAST_POLL_DELAY } from './polling.js';
import { engineText } from './strings.js';
import { showQueueMessage, WAIT_MESSAGE_ID } from './transfer.js';
import type { ChatState } from './types.js';

type Running = 'start' | 'stop' | 'keep';

/**
 * The chat-status transitions (spec section 4), in one table: the state each sets, and whether the
 * event polling and the no-reply countdowns start, stop or keep going.
 */
export const STATUS_TRANSITIONS = {
  /** An agent takes the chat: polling every 2 s, the countdowns run. */
  join: {
    state: { chatStatus: ChatStatus.withAgent, eventMsgDelay: FAST_POLL_DELAY },
    polling: 'start',
    timeouts: 'start',
  },
  /** The visitor waits in the queue: polling every 2 s (it runs already, from the start). */
  queue: {
    state: { chatStatus: ChatStatus.queued, eventMsgDelay: FAST_POLL_DELAY },
    polling: 'keep',
    timeouts: 'keep',
  },
  /** The chat ends, whoever ended it: status 0, closed, nothing runs. */
  end: {
    state: { chatStatus: ChatStatus.none, chatClosed: true, agentIsTyping: false },
    polling: 'stop',
    timeouts: 'stop',
  },
} as const satisfies Record<string, { state: Partial<ChatState>; polling: Running; timeouts: Running }>;

export type StatusTransition = keyof typeof STATUS_TRANSITIONS;

export interface StatusDeps extends Pick<Core, 'get' | 'set' | 'attempt' | 'now'>, Pick<Conversation, 'say'> {
  polling: { start(): void; stop(): void };
  timeouts: { start(): void; stop(): void };
  /** The agent's card; after a join (`nick` given) its welcome is sent when enabled. */
  loadAdminCard(joinedNick?: string): Promise<void>;
}

/** The session's status changes, each applying its row of `STATUS_TRANSITIONS`. */
export interface StatusTransitions {
  /** Status 2, with an agent. `nick` given: announce the join and send the welcome. */
  join(nick?: string, time?: number): void;
  /** Status 3, in the queue at `waitIndex`: the queue message shows the position once known (> 0). */
  queue(waitIndex: number): void;
  /** Ends the chat locally: status 0, chatClosed, polling and timers stop. */
  end(): void;
  /** Ends the chat on the server (chatClose), then locally. */
  close(): Promise<void>;
}

export function createStatusTransitions(engine: StatusDeps): StatusTransitions {
  /** Stops what the row stops, sets its state (and `extra`), runs `then`, starts what it starts. */
  const apply = (
    name: StatusTransition,
    extra?: (state: ChatState) => Partial<ChatState>,
    then?: () => void,
  ) => {
    const row = STATUS_TRANSITIONS[name];
    const parts = ['polling', 'timeouts'] as const;
    for (const part of parts) if (row[part] === 'stop') engine[part].stop();
    engine.set((state) => ({ ...row.state, ...extra?.(state) }));
    then?.();
    for (const part of parts) if (row[part] === 'start') engine[part].start();
  };
  const end = () => apply('end');
  return {
    join(nick, time) {
      apply(
        'join',
        (state) => ({ messages: removeMessage(state.messages, WAIT_MESSAGE_ID) }),
        () => {
          if (nick !== undefined) engine.say(engineText('agentJoined', { name: nick }), time);
        },
      );
      void engine.loadAdminCard(nick);
    },
    queue(waitIndex) {
      apply('queue');
      // A returning visitor's chatStart says "queued" without the position: the first poll tells
      // it (within 2 s); a queue message saying "number 0" would be wrong until then.
      if (waitIndex > 0) showQueueMessage(engine, waitIndex);
    },
    end,
    async close() {
      const { userId, chatClosed } = engine.get();
      if (chatClosed || !userId) return;
      await engine.attempt('chatClose', { userId });
      end();
    },
  };
}
