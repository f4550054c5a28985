import type { DeliveryStatus } from '../MessageStatus/useMessageStatus.js';

/** Spec section 9: a message shows its time when more than 300 000 ms (5 min) passed since the last shown one. */
export const MESSAGE_TIME_GAP = 300_000;

/**
 * Consecutive messages from one sender within this many ms (3 minutes) form a group: one name at
 * its start, one avatar at its end, joined bubbles. A notice or a time label starts a new group.
 */
export const MESSAGE_GROUP_GAP = 180_000;

/** Where a message sits in its sender's group: alone, or first, middle or last of several. */
export type MessageGroupPosition = 'single' | 'first' | 'middle' | 'last';

/** Where a message sits: received (left), sent by the visitor (right), or a centred notice (pop). */
export type MessagePosition = 'left' | 'right' | 'pop';
/** Built-in kinds; `custom` is drawn by the `renderContent` prop. */
export type MessageType = 'text' | 'system' | 'typing' | 'custom';

/** Who wrote a message. */
export interface MessageUser {
  /** Shown beside the message and used for the avatar's initials. */
  name?: string;
  /** An avatar image URL. Without it, or when it is not a URL an image may have, the initials show. */
  avatar?: string;
  /** A profile URL: the avatar and name become a link to it (new tab). */
  url?: string;
  /**
   * An automated sender (a robot or an AI assistant): without an avatar image it draws the kit's
   * robot icon instead of initials, in a colour of its own. Default false.
   */
  bot?: boolean;
}

/** A message as the conversation widgets draw it (spec section 3, generic chat widgets). */
export interface MessageModel<Content = unknown> {
  /** A unique id; generated when absent. */
  _id: string;
  /** Default `text`. */
  type: MessageType;
  /** Plain text for `text` and `system`; anything for `custom`. */
  content: Content;
  /** Default `left`. */
  position: MessagePosition;
  user?: MessageUser;
  /** Epoch milliseconds; defaults to now. */
  createdAt: number;
  /** Whether the time label shows; decided by {@link assignMessageTimes} when not given. */
  hasTime?: boolean;
  /** Delivery status of the visitor's own message. */
  status?: DeliveryStatus;
  /**
   * The content is still arriving (a streamed answer). `MessageList` announces the message once,
   * when this turns false, not at every token; `Message` marks the row `aria-busy` meanwhile.
   */
  streaming?: boolean;
  /**
   * Its place in a group of consecutive messages from one sender (see {@link MESSAGE_GROUP_GAP});
   * decided by `MessageList`. Absent: drawn alone.
   */
  group?: MessageGroupPosition;
}

/** What a product passes in: only `content` is required. */
export type MessageInput<Content = unknown> = Partial<Omit<MessageModel<Content>, 'createdAt'>> & {
  content: Content;
  createdAt?: number | Date;
};

let counter = 0;

/** A new message id: a UUID where the browser has one, otherwise a time-based id. */
export function generateMessageId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  counter += 1;
  return `msg-${Date.now().toString(36)}-${counter.toString(36)}`;
}

/**
 * Fills a message's defaults: a generated `_id`, `createdAt` now, `type` text, `position` left.
 *
 * @example
 * const message = createMessage({ content: 'Hello', position: 'right', status: 'pending' });
 */
export function createMessage<Content>(
  input: MessageInput<Content>,
  now: () => number = Date.now,
): MessageModel<Content> {
  return {
    ...input,
    _id: input._id ?? generateMessageId(),
    type: input.type ?? 'text',
    position: input.position ?? 'left',
    createdAt: input.createdAt === undefined ? now() : new Date(input.createdAt).getTime(),
  };
}

/**
 * Decides `hasTime` where it is not given: a message shows its time when more than `gap` ms
 * passed since the last earlier message in the list that showed one (the first always does).
 * Given values are kept, so a list that remembers its decisions (see MessageList) keeps every
 * shown time in place when history is prepended or messages appended. Pure: returns new objects
 * only for messages whose `hasTime` was decided here.
 *
 * @example
 * const timed = assignMessageTimes([...history, ...messages]);
 */
export function assignMessageTimes<M extends Pick<MessageModel, 'createdAt' | 'hasTime'>>(
  messages: readonly M[],
  gap: number = MESSAGE_TIME_GAP,
): M[] {
  let lastShown = Number.NEGATIVE_INFINITY;
  return messages.map((message) => {
    const hasTime = message.hasTime ?? message.createdAt - lastShown > gap;
    if (hasTime) lastShown = message.createdAt;
    return message.hasTime === hasTime ? message : { ...message, hasTime };
  });
}
