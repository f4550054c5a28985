// @parley/chat-protocol: the visitor API contract, once, for the engine, the server and the console.

export { answerSchemas, eventMsg, formField, message, messageFields, noData } from './answers.js';
export { type ChannelOfQuery, channelOfQuery } from './channelQuery.js';
export {
  AgentEvent,
  agentEventNames,
  ChatStatus,
  FormModal,
  MsgType,
  OutType,
  ReceiveMode,
  SenderType,
  SendStatus,
  Setting,
  SYSTEM_MESSAGE_FLAGS,
  TransferStatus,
  toKnownMsgType,
  VisitorEvent,
} from './codes.js';
export { fileMsgType, MEDIA_EXTENSIONS } from './files.js';
export { checkFormField, EMAIL_PATTERN, type FormProblem, PHONE_PATTERN } from './forms.js';
export {
  FIELD_LIMITS,
  JSON_LIMITS,
  type JsonLimits,
  jsonLimitProblem,
  uploadBase64Limits,
} from './limits.js';
export { type JsonCallName, requestSchemas } from './requests.js';
export { ajvOptions, check, isObject, type Schema, ShapeError, type TypeName, type Warn } from './schema.js';
export type * from './types.js';
export { visitorContextSchemas } from './visitorContext.js';
