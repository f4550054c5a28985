export { Message, type MessageProps } from './Message.js';
export {
  assignMessageTimes,
  createMessage,
  generateMessageId,
  MESSAGE_GROUP_GAP,
  MESSAGE_TIME_GAP,
  type MessageGroupPosition,
  type MessageInput,
  type MessageModel,
  type MessagePosition,
  type MessageType,
  type MessageUser,
} from './model.js';
