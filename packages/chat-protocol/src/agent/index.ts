// The agent API: what a console (or any agent client) and the server agree on.

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
export {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSender,
  webhookEventTypes,
} from './webhooks.js';
