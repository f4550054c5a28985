export { Message, type MessageProps } from './Message.js';
export {
  assignMessageTimes,
  createMessage,
  generateMessageId,
  MESSAGE_TIME_GAP,
  type MessageInput,
  type MessageModel,
  type MessagePosition,
  type MessageType,
  type MessageUser,
} from './model.js';
