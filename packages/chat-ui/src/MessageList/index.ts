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
export { type BackToBottom, useBackToBottom } from './useBackToBottom.js';
export {
  type MessageAnnouncement,
  type MessageAnnouncementsOptions,
  useMessageAnnouncements,
} from './useMessageAnnouncements.js';
export { useMessageInputs } from './useMessageInputs.js';
export {
  type MessageListState,
  type MessageListStateOptions,
  useMessageListState,
} from './useMessageListState.js';
export { type ScrollToBottom, type ScrollToBottomOptions, useScrollToBottom } from './useScrollToBottom.js';
