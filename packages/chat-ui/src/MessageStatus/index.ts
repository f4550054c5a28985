export { MessageStatus, type MessageStatusProps } from './MessageStatus.js';
export {
  type DeliveryStatus,
  MESSAGE_STATUS_DELAY,
  MESSAGE_STATUS_MAX_DELAY,
  MESSAGE_STATUS_RETRY_INTERVAL,
  type MessageStatusState,
  type MessageStatusTimers,
  type UseMessageStatusOptions,
  type UseMessageStatusResult,
  useMessageStatus,
} from './useMessageStatus.js';
