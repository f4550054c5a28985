export {
  MESSAGE_LIST_BACK_TO_BOTTOM_MIN,
  MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS,
  MESSAGE_LIST_LOAD_MORE_THRESHOLD,
  MESSAGE_LIST_SCROLL_DURATION,
  MESSAGE_LIST_VIRTUALIZE_AFTER,
  MessageList,
  type MessageListHandle,
  type MessageListProps,
  preloadMessageListVirtualizer,
} from './MessageList.js';
export { useMessageInputs } from './useMessageInputs.js';
