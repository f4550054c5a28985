export { SystemMessage, type SystemMessageAction, type SystemMessageProps } from './SystemMessage.js';
