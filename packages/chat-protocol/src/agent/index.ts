// The agent API: what a console (or any agent client) and the server agree on.

export type * from './admin.js';
export {
  ADMIN_CHANGE_KINDS,
  AGENT_CAPACITY_MAX,
  AGENT_ROLES,
  CHANNEL_TEXT_FIELDS,
  CHANNEL_TEXT_MAX,
  editableTexts,
  PASSWORD_MIN,
  REPLY_TARGET_MAX_MS,
  REPLY_TARGET_MIN_MS,
  SITES_MAX,
  WORKING_WINDOWS_MAX,
} from './admin.js';

export {
  EMAIL_REPLY_MAX,
  type EmailCalls,
  type LeftReplyRequest,
  leftReplyRequestSchema,
  type MailQueued,
  mailQueuedSchema,
  TRANSCRIPT_PATH,
  type TranscriptRequest,
  transcriptRequestSchema,
} from './email.js';
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
  IDEMPOTENCY_KEY_HEADER,
  INTEGRATION_PREFIX,
  INTEGRATION_TEXT_MAX,
  type IntegrationContact,
  type IntegrationConversation,
  type IntegrationConversationDetail,
  type IntegrationConversationPage,
  type IntegrationMessage,
  type IntegrationNote,
  type IntegrationPart,
  type IntegrationRoute,
  type IntegrationScope,
  integrationRoutes,
  integrationScopes,
} from './integration.js';
export { type OperationsRoute, operationsRoutes, type Readiness } from './operations.js';
export {
  REPORT_MAX_DAYS,
  REPORTS_CSV_PATH,
  type Report,
  type ReportCalls,
  type ReportFigures,
  type ReportQuery,
  reportFigureNames,
  reportQuerySchema,
  reportSchema,
} from './reports.js';
export {
  type AgentRoute,
  agentPath,
  agentRoutes,
  CANNED_TEXT_MAX,
  CANNED_TITLE_MAX,
  type HttpMethod,
} from './routes.js';
export { agentAnswerSchemas } from './schemas.js';
export {
  type IntegrationTokenInput,
  type IntegrationTokenView,
  integrationTokenInputSchema,
  integrationTokenSchema,
  TOKEN_BOT_NAME_MAX,
  TOKEN_CHANNELS_MAX,
  TOKEN_NAME_MAX,
  type TokenCalls,
  tokenAnswerSchemas,
} from './tokens.js';
export type * from './types.js';
export { deskEventTypes } from './types.js';
export {
  WEBHOOK_CHANGE_KINDS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_ROTATION_MAX_MS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookCalls,
  type WebhookChange,
  type WebhookChangeKind,
  type WebhookData,
  type WebhookDeliveryView,
  type WebhookEndpointEdit,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSender,
  webhookAnswerSchemas,
  webhookDataSchemas,
  webhookDeliverySchema,
  webhookEditSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEventTypes,
  webhookPayloadSchema,
  webhookRotationSchema,
} from './webhooks.js';
