import { type ChatToParent, MESSAGE_SOURCE, type ParentToChat } from '../embed/protocol.js';

export interface ParentBridgeOptions {
  /**
   * Origins allowed to embed the chat, e.g. ['https://shop.example']: these are told each agent
   * message in full (the browser drops a message whose target origin is not the parent's).
   */
  allowedOrigins: readonly string[];
  /**
   * The embedding page's own origin as the browser reports it (`parentOrigin()`), used when no
   * origin is allowed: it is told only that a message arrived (id, time, unread count), never its
   * content. Null: nobody is told.
   */
  parentOrigin: string | null;
  /** The embedding window (window.parent). */
  parent: Pick<Window, 'postMessage'> | null;
  /** Where the parent's messages arrive (window). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface ParentBridge {
  /** Tells the parent an agent message arrived (spec: embedded pages are told). */
  notifyMessage(message: { id: string; text: string; senderName?: string; time: number }): void;
  /** Asks the parent to close the chat panel. */
  requestClose(): void;
  /** Tells the parent the chat page runs (so the loader knows the frame was not refused). */
  ready(): void;
  /** Whether the parent's panel shows the chat: true until the parent says otherwise. */
  isVisible(): boolean;
  /** Called when the parent says whether the panel is visible. Returns the unsubscribe. */
  onVisibility(listener: (open: boolean) => void): () => void;
  dispose(): void;
}

/** Reads allowed embedding origins from `<meta name="parley:embed-origins" content="a b">`. */
export function readAllowedOrigins(doc: Pick<Document, 'querySelector'>): string[] {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="parley:embed-origins"]')?.content ?? '';
  return content
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((value) => {
      const origin = originOf(value);
      return origin ? [origin] : [];
    });
}

function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const { origin } = new URL(address);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin of the page that embeds this one: `location.ancestorOrigins` where the browser has it
 * (Chromium, Safari), else the referrer's origin (the page that loaded the frame), else null.
 *
 * @example
 * parentOrigin(window.location, document.referrer) // 'https://shop.example'
 */
export function parentOrigin(
  location: { ancestorOrigins?: { length: number; [index: number]: string } },
  referrer: string,
): string | null {
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return originOf(ancestors[0]);
  return originOf(referrer);
}

/**
 * The chat page's side of the iframe conversation with the page embedding it. Never posts to `*`.
 * Two levels: origins the deployment allows get each agent message in full; without an
 * allow-list, the actual parent gets a notification without content (id, time, unread count).
 * Messages are accepted only from the parent window, and only from an allowed origin (or, without
 * an allow-list, from the parent's own origin).
 *
 * @example
 * const bridge = createParentBridge({
 *   allowedOrigins: readAllowedOrigins(document),
 *   parentOrigin: parentOrigin(window.location, document.referrer),
 *   parent: window.parent,
 *   events: window,
 * });
 * bridge.notifyMessage({ id: 'm1', text: 'Hello', time: Date.now() });
 */
export function createParentBridge({
  allowedOrigins,
  parentOrigin,
  parent,
  events,
}: ParentBridgeOptions): ParentBridge {
  const allowed = new Set(allowedOrigins);
  const full = allowed.size > 0;
  const listeners = new Set<(open: boolean) => void>();
  // The loader creates the frame when the panel opens, so the chat starts out shown.
  let visible = true;
  let unread = 0;
  const post = (message: ChatToParent) => {
    if (!parent) return;
    if (full) for (const origin of allowed) parent.postMessage(message, origin);
    else if (parentOrigin) parent.postMessage(message, parentOrigin);
  };
  const trusted = (origin: string) => (full ? allowed.has(origin) : origin === parentOrigin);
  const onMessage = (event: Event) => {
    const { origin, source, data } = event as MessageEvent<ParentToChat>;
    if (!trusted(origin) || source !== parent) return;
    if (data?.source !== MESSAGE_SOURCE || data.type !== 'visibility' || typeof data.open !== 'boolean')
      return;
    visible = data.open;
    if (visible) unread = 0;
    for (const listener of listeners) listener(data.open);
  };
  events.addEventListener('message', onMessage);
  return {
    notifyMessage(message) {
      if (!visible) unread += 1;
      post(
        full
          ? { source: MESSAGE_SOURCE, type: 'message', message }
          : {
              source: MESSAGE_SOURCE,
              type: 'notification',
              notification: { id: message.id, time: message.time, unread },
            },
      );
    },
    requestClose: () => post({ source: MESSAGE_SOURCE, type: 'close' }),
    ready: () => post({ source: MESSAGE_SOURCE, type: 'ready' }),
    isVisible: () => visible,
    onVisibility(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      events.removeEventListener('message', onMessage);
      listeners.clear();
    },
  };
}
