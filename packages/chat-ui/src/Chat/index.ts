export { Chat, ChatFooter, ChatHeader, ChatMain, type ChatProps, ChatRoot } from './Chat.js';
