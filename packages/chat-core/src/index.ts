/**
 * @parley/chat-core: the visitor side of a Parley chat, without React and without DOM globals.
 *
 * @example
 * import { createChatSession } from '@parley/chat-core';
 * const chat = createChatSession();
 * chat.subscribe(() => console.info(chat.getSnapshot().messages));
 * void chat.start();
 */

// The contract's codes and its one error, so an app that uses the engine needs no second import.
export {
  ApiError,
  type ApiErrorKind,
  ChatStatus,
  FormModal,
  MsgType,
  OutType,
  ReceiveMode,
  SenderType,
  Setting,
  TransferStatus,
  VisitorEvent,
} from '@parley/chat-protocol';
export type { TransferRequest } from './context.js';
export { createMemoryStorage, type StorageChoice, storageChoice, visitorStorage } from './environment.js';
export type { EvaluationInput } from './evaluation.js';
export { fileMsgType, type OutgoingFile } from './files.js';
export { HISTORY_PAGE_SIZE } from './history.js';
export { eventCursorKey, FAST_POLL_DELAY, POLL_DELAY } from './polling.js';
export { READ_RECEIPT_THROTTLE, TYPING_THROTTLE } from './receipts.js';
export { answerId, placeAt } from './robotStream.js';
export {
  type ChatSession,
  type ChatSessionOptions,
  createChatSession,
  initialChatState,
} from './session.js';
export { visitorIdKey } from './start.js';
export { EvaluateStatus, HistoryStatus, TIMEOUT_OFF } from './states.js';
export { createStore, type Store } from './store.js';
export { engineText, TEXTS, type TextName } from './strings.js';
export { transcriptOffered } from './transcript.js';
export { GROUP_STORAGE_KEY, WAIT_MESSAGE_ID } from './transfer.js';
export {
  type ChatApi,
  ChatApiError,
  type ChatApiErrorKind,
  createChatApi,
  createFetchTransport,
  type FetchTransportOptions,
} from './transport.js';
export type * from './types.js';
export { isEmbedded, readUrlParams, type UrlParams } from './urlParams.js';
export {
  contactFromForm,
  contactFromUrl,
  type FormValues,
  type LeaveMessageInput,
  shouldShowUserForm,
} from './userForm.js';
