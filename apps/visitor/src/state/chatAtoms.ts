import {
  type ChatSession,
  type ChatState,
  initialChatState,
  Setting,
  transcriptOffered,
} from '@parley/chat-core';
import { atom, createStore } from 'jotai';
import { selectAtom } from 'jotai/utils';

/** The source atom: the chat-core engine of this page. Commands are called on it. */
export const sessionAtom = atom<ChatSession | null>(null);

/**
 * The engine's latest snapshot, mirrored by `useBindSession`. Everything below reads a slice of it
 * through `selectAtom`, so a change re-renders only the components whose slice changed: the engine
 * keeps untouched fields (the message array included) as the same objects. A page's store starts
 * from its session's snapshot (`createChatStore`), so no slice is ever undefined.
 */
export const snapshotAtom = atom<ChatState>(initialChatState());

/**
 * The page's jotai store, its atoms seeded from the session before the first render.
 *
 * @example
 * <Provider store={createChatStore(session)}>...</Provider>
 */
export function createChatStore(session: ChatSession) {
  const store = createStore();
  store.set(sessionAtom, session);
  store.set(snapshotAtom, session.getSnapshot());
  return store;
}

const slice = <T>(pick: (state: ChatState) => T, equal: (a: T, b: T) => boolean = Object.is) =>
  selectAtom(snapshotAtom, pick, equal);

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

export const messagesAtom = slice((state) => state.messages);
export const latestAgentMessageAtom = slice((state) => state.latestAgentMessageId);
export const agentTypingAtom = slice((state) => state.agentIsTyping);
export const historyStatusAtom = slice((state) => state.historyMsgStatus);
export const robotTipsAtom = slice((state) => state.robotTips);
export const noticesAtom = slice((state) => state.notices);
export const visitorContactAtom = slice((state) => state.visitorContact);
export const soundAtom = slice((state) => state.openSound);
export const pageAtom = slice(
  (state) => ({
    phase: state.phase,
    error: state.error,
    startRetryable: state.startRetryable,
    online: state.online,
  }),
  shallowEqual,
);
export const titleAtom = slice(
  (state) => ({
    documentTitle: state.documentTitle,
    documentTitleKey: state.documentTitleKey,
    titleFlash: state.titleFlash,
  }),
  shallowEqual,
);
export const conversationAtom = slice(
  (state) => ({
    chatStatus: state.chatStatus,
    chatClosed: state.chatClosed,
    receiveMode: state.receiveMode,
    adminCard: state.adminCard,
    evaluateMode: state.channelInfo?.evaluateMode ?? Setting.off,
    evaluateStatus: state.evaluateStatus,
    robotName: state.channelInfo?.robotName ?? '',
    userId: state.userId,
    transcript: transcriptOffered(state),
  }),
  shallowEqual,
);
export const overlaysAtom = slice(
  (state) => ({
    openUserForm: state.openUserForm,
    userFormConfig: state.userFormConfig,
    openGroupForm: state.openGroupForm,
    groupConfig: state.groupConfig,
    openLeaveMsgForm: state.openLeaveMsgForm,
    openEvaluate: state.openEvaluate,
    evaluateInfo: state.evaluateInfo,
    openTranscript: state.openTranscript,
    transcriptEmail: state.visitorContact.email ?? '',
  }),
  shallowEqual,
);

/** How the channel checks phone numbers, as it says (`phoneRuleOf` reads it, with the forms). */
export const phoneRuleAtom = slice((state) => state.channelInfo?.phoneRule);

/** Who answers on this channel, for the first screen and the header (the channel's settings). */
export const channelAtom = slice(
  (state) => ({
    team: state.channelInfo?.team,
    robotAvatar: state.channelInfo?.robotAvatar,
    robotName: state.channelInfo?.robotName ?? '',
    receiveMode: state.receiveMode,
    userId: state.userId,
  }),
  shallowEqual,
);
