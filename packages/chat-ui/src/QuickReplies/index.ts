export { QuickReplies, type QuickRepliesProps, type QuickReplyItem } from './QuickReplies.js';
