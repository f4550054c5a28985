import { type ChatToParent, MESSAGE_SOURCE, type ParentToChat } from '../embed/protocol.js';

export interface ParentBridgeOptions {
  /**
   * Origins allowed to embed the chat, e.g. ['https://shop.example']. Messages go only to these
   * (the browser drops a message whose target origin is not the parent's), and only messages from
   * these are accepted. Empty: the bridge sends and accepts nothing.
   */
  allowedOrigins: readonly string[];
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
      try {
        const { origin } = new URL(value);
        return origin === 'null' ? [] : [origin];
      } catch {
        return [];
      }
    });
}

/**
 * The chat page's side of the iframe conversation with the page embedding it. Never posts to `*`
 * and ignores messages from any origin not allowed, or from any window but the parent.
 *
 * @example
 * const bridge = createParentBridge({ allowedOrigins: readAllowedOrigins(document), parent: window.parent, events: window });
 * bridge.notifyMessage({ id: 'm1', text: 'Hello', time: Date.now() });
 */
export function createParentBridge({ allowedOrigins, parent, events }: ParentBridgeOptions): ParentBridge {
  const allowed = new Set(allowedOrigins);
  const listeners = new Set<(open: boolean) => void>();
  const post = (message: ChatToParent) => {
    if (!parent) return;
    for (const origin of allowed) parent.postMessage(message, origin);
  };
  const onMessage = (event: Event) => {
    const { origin, source, data } = event as MessageEvent<ParentToChat>;
    if (!allowed.has(origin) || source !== parent) return;
    if (data?.source !== MESSAGE_SOURCE || data.type !== 'visibility' || typeof data.open !== 'boolean')
      return;
    for (const listener of listeners) listener(data.open);
  };
  events.addEventListener('message', onMessage);
  return {
    notifyMessage: (message) => post({ source: MESSAGE_SOURCE, type: 'message', message }),
    requestClose: () => post({ source: MESSAGE_SOURCE, type: 'close' }),
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
