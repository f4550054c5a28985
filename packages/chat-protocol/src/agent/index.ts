// The agent API: what a console (or any agent client) and the server agree on.

export type * from './inbox.js';
export {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  generatedName,
  INBOX_VIEWS,
  type InboxView,
  LABEL_MAX,
  LABELS_PER_CONVERSATION,
  NOTE_MAX,
  PRIORITIES,
  type Priority,
} from './inbox.js';
export {
  type AgentRoute,
  agentPath,
  agentRoutes,
  CANNED_TEXT_MAX,
  CANNED_TITLE_MAX,
  type HttpMethod,
} from './routes.js';
export { agentAnswerSchemas } from './schemas.js';
export type * from './types.js';
