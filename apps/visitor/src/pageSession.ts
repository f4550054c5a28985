import {
  type ChatMessage,
  type ChatSession,
  createChatSession,
  isEmbedded,
  readUrlParams,
  type Signal,
  storageChoice,
  visitorStorage,
} from '@parley/chat-core';
import {
  createParentBridge,
  type ParentBridge,
  parentOrigin,
  readAllowedOrigins,
} from './embedding/parentBridge.js';

/**
 * What "the page is visible" means inside a loader's panel: the tab is visible and the panel is
 * open. Read receipts, the title and the sound follow it, so a message that arrives while the
 * visitor closed the panel stays unread (spec: messages are marked read only while visible).
 */
export function panelVisibility(bridge: ParentBridge, doc: Document = document): Signal {
  const read = () => doc.visibilityState !== 'hidden' && bridge.isVisible();
  return {
    get: read,
    subscribe(listener) {
      const notify = () => listener(read());
      doc.addEventListener('visibilitychange', notify);
      const stop = bridge.onVisibility(notify);
      return () => {
        doc.removeEventListener('visibilitychange', notify);
        stop();
      };
    },
  };
}

/**
 * Escape inside the chat closes the loader's panel, unless a dialog of the chat is open (then
 * Escape is the dialog's). Read in the capture phase, before the dialog handles and closes.
 */
export function closeOnEscape(bridge: ParentBridge, win: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (win.document.querySelector('[aria-modal="true"], dialog[open]')) return;
    bridge.requestClose();
  };
  win.addEventListener('keydown', onKeyDown, true);
  return () => win.removeEventListener('keydown', onKeyDown, true);
}

const panels = new WeakMap<ChatSession, () => void>();

/**
 * Closes the loader's panel that shows this page's session, when the page is embedded; undefined
 * on a page of its own. The chat's header draws its close button from it, so an embedded chat has
 * one header.
 */
export function closePanelOf(session: ChatSession): (() => void) | undefined {
  return panels.get(session);
}

/** Creates the page's engine, telling the parent page about agent messages when embedded. */
export function createPageSession(): ChatSession {
  const params = readUrlParams(window.location.search);
  const bridge = isEmbedded(params)
    ? createParentBridge({
        allowedOrigins: readAllowedOrigins(document),
        parentOrigin: parentOrigin(window.location, document.referrer),
        parent: window.parent === window ? null : window.parent,
        events: window,
      })
    : null;
  if (bridge) {
    closeOnEscape(bridge);
    bridge.ready();
  }
  const session = createChatSession({
    apiBase: import.meta.env.VITE_PARLEY_API_BASE || undefined,
    // `storage=session|none` (the loader's data-storage): where the visitor id and cursor live.
    storage: visitorStorage(storageChoice(params.storage)),
    ...(bridge && { visibility: panelVisibility(bridge) }),
    notifyParent: bridge
      ? (message: ChatMessage) =>
          bridge.notifyMessage({
            id: message.id,
            text: message.msgContent,
            senderName: message.senderName,
            time: message.msgTime,
          })
      : undefined,
  });
  if (bridge) panels.set(session, () => bridge.requestClose());
  return session;
}
