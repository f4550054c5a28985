// @parley/chat-protocol: the visitor API and the agent API, once, for the engines, the server and the console.

export * from './agent/index.js';
export { answerSchemas, eventMsg, formField, message, messageFields, noData } from './answers.js';
export { ApiError, type ApiErrorKind, openAnswer, unreachable } from './apiError.js';
export { type ChannelOfQuery, channelOfQuery } from './channelQuery.js';
export {
  AgentEvent,
  agentEventNames,
  ChatStatus,
  ERROR_TYPES,
  ErrorCode,
  type ErrorType,
  errorTypeOf,
  FormModal,
  MsgType,
  OutType,
  ReceiveMode,
  SenderType,
  SendStatus,
  Setting,
  SPECIFIC_ERROR_TYPES,
  SYSTEM_MESSAGE_FLAGS,
  TransferStatus,
  toKnownMsgType,
  VisitorEvent,
} from './codes.js';
export { type Envelope, envelope, ok } from './envelope.js';
export { fileMsgType, MEDIA_EXTENSIONS } from './files.js';
export {
  checkFormField,
  EMAIL_PATTERN,
  type FormProblem,
  looksLikePhone,
  PHONE_PATTERN,
  type PhoneCheckOptions,
  PhoneRule,
  phoneRuleOf,
} from './forms.js';
export {
  FIELD_LIMITS,
  JSON_LIMITS,
  type JsonLimits,
  jsonLimitProblem,
  TRANSCRIPTS_PER_DAY,
  uploadBase64Limits,
} from './limits.js';
export { type CallBodies, type JsonCallName, requestSchemas } from './requests.js';
export { ajvOptions, check, isObject, type Schema, ShapeError, type TypeName, type Warn } from './schema.js';
export type * from './types.js';
export { visitorContextSchemas } from './visitorContext.js';
export {
  type VisitorAnswer,
  type VisitorBody,
  type VisitorRoute,
  visitorPath,
  visitorRoutes,
} from './visitorRoutes.js';
