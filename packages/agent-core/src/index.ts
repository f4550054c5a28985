// @parley/agent-core: the agent's desk engine, framework-agnostic (no React, no DOM globals).

// The contract's one error of every call, so a client needs no second import.
export { ApiError, type ApiErrorKind } from '@parley/chat-protocol';
export { atCapacity } from './capacity.js';
export { UNDO_DELETE_MS } from './deletes.js';
export { type AgentDesk, createAgentDesk } from './desk.js';
export { createMemoryStorage, defaultStorage, defaultVisibility } from './environment.js';
export { type AlertDecision, AlertWatcher, CLAIM_WINDOW_MS, decide } from './notifications.js';
export { reportCsvPath, reportQueryString } from './reports.js';
export {
  type AgentApi,
  AgentApiError,
  type AgentCallParts,
  createAgentApi,
  createFetchTransport,
} from './transport.js';
export type * from './types.js';
