import {
  type ChatMessage,
  type ChatSession,
  createChatSession,
  isEmbedded,
  readUrlParams,
} from '@parley/chat-core';
import { createParentBridge, parentOrigin, readAllowedOrigins } from './embedding/parentBridge.js';

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
  return createChatSession({
    apiBase: import.meta.env.VITE_PARLEY_API_BASE || undefined,
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
}
