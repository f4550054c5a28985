import { ChatStatus, EvaluateStatus, HistoryStatus, Setting } from '@parley/chat-core';
import { Chat } from '@parley/chat-ui/Chat';
import { Composer } from '@parley/chat-ui/Composer';
import type { MessageModel } from '@parley/chat-ui/Message';
import { MessageList } from '@parley/chat-ui/MessageList';
import { QuickReplies, type QuickReplyItem } from '@parley/chat-ui/QuickReplies';
import type { ToastHandle } from '@parley/chat-ui/Toast';
import { Typing } from '@parley/chat-ui/Typing';
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  lazy,
  Profiler,
  type ProfilerOnRenderCallback,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react';
import { useT } from '../i18n/useT.js';
import { loadChunk } from '../shell/chunks.js';
import { showToast } from '../shell/toasts.js';
import {
  agentTypingAtom,
  channelAtom,
  conversationAtom,
  historyStatusAtom,
  messagesAtom,
  noticesAtom,
  overlaysAtom,
  pageAtom,
  robotTipsAtom,
} from '../state/chatAtoms.js';
import { useSession } from '../state/useBindSession.js';
import { agentAvatarUrl } from './avatars.js';
import { ChatHeader, FirstScreen } from './FirstScreen.js';
import { useMessageRows } from './useMessageRows.js';

// Media, cards and the FAQ tree draw only when such a message arrives.
const MessageBody = lazy(() =>
  loadChunk(() => import('./MessageBody.js').then(({ MessageBody }) => ({ default: MessageBody }))),
);
/**
 * Stands in for a message's body while its part downloads, and hides the whole row meanwhile
 * (styles.css): a row showing only its avatar, then growing, pushed everything below it down.
 */
function BodyPending() {
  return <span className="visitor-message-pending" />;
}

// Forms and dialogs are needed by few visitors, and never before the chat is on screen: they
// download when the engine opens one, or once the page is idle, so the first opens at once.
const loadOverlays = () => import('./Overlays.js');
const Overlays = lazy(() => loadChunk(() => loadOverlays().then(({ Overlays }) => ({ default: Overlays }))));

/**
 * Fetches the forms and dialogs once the chat is ready and the page is idle, so the first one
 * opens without a wait and none of it competes with the first screen on a slow network.
 */
function usePrefetchOverlaysWhenIdle() {
  const { phase } = useAtomValue(pageAtom);
  useEffect(() => {
    if (phase !== 'ready') return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadOverlays().catch(() => {}));
    return () => cancel(handle);
  }, [phase]);
}

/** The engine's forms and dialogs, fetched only when one is open. */
function LazyOverlays({ placement }: { placement: 'inline' | 'dialogs' }) {
  const overlays = useAtomValue(overlaysAtom);
  const open =
    overlays.openUserForm ||
    overlays.openGroupForm ||
    overlays.openLeaveMsgForm ||
    overlays.openEvaluate ||
    overlays.openTranscript;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Overlays placement={placement} />
    </Suspense>
  );
}

/**
 * What the visitor is typing. The page holds it (not the composer alone) so that sending a
 * suggestion clears what was typed to find it.
 */
const draftAtom = atom('');

/** The composer's text box, which the first screen's "write to us" focuses. */
const COMPOSER_INPUT_ID = 'visitor-composer-input';
const focusComposer = () => document.getElementById(COMPOSER_INPUT_ID)?.focus();

/** The longest message a visitor can type; the composer cuts longer input and shows a counter. */
export const MAX_MESSAGE_LENGTH = 1000;

/** Lets tests (and profiling builds) see how often the message list renders. */
export const ListRenderProbe = { onRender: null as ProfilerOnRenderCallback | null };

function Conversation() {
  const t = useT();
  const session = useSession();
  const messages = useAtomValue(messagesAtom);
  const historyStatus = useAtomValue(historyStatusAtom);
  const { robotName, adminCard } = useAtomValue(conversationAtom);
  const { robotAvatar } = useAtomValue(channelAtom);
  const rows = useMessageRows(messages, t, {
    robotName,
    robotAvatar: agentAvatarUrl(robotAvatar),
    agent: adminCard ? { nick: adminCard.adminNick, avatar: agentAvatarUrl(adminCard.avatar) } : undefined,
  });
  // Stable across changes, so the list's rows see the same props when only the messages changed.
  const loadMore = useCallback(() => session.loadOlderHistory(), [session]);
  const retry = useCallback(
    (row: MessageModel) => {
      if (row.status === 'fail') void session.retry(row._id);
    },
    [session],
  );
  const renderContent = useCallback(
    (row: MessageModel) =>
      row.type === 'custom' ? (
        <Suspense fallback={<BodyPending />}>
          <MessageBody
            model={row}
            onAsk={(question) => void session.sendText(question)}
            onRead={(node) => void session.recordFaqAnswer(node)}
          />
        </Suspense>
      ) : undefined,
    [session],
  );
  const list = (
    <MessageList
      aria-label={t('chat.messageListLabel')}
      messages={rows}
      hasMore={historyStatus !== HistoryStatus.noMore}
      onLoadMore={loadMore}
      onRetry={retry}
      // The engine owns delivery (20 s requests, 60 s uploads, its outbox): the list shows what it says.
      statusTimers="product"
      renderContent={renderContent}
    />
  );
  const onRender = ListRenderProbe.onRender;
  return onRender ? (
    <Profiler id="message-list" onRender={onRender}>
      {list}
    </Profiler>
  ) : (
    list
  );
}

/**
 * Earlier conversations, on demand. Scrolling to the top loads them too, but a short list cannot
 * scroll, and a keyboard or screen-reader user needs a control rather than a scroll position.
 */
function EarlierMessages() {
  const t = useT();
  const session = useSession();
  const historyStatus = useAtomValue(historyStatusAtom);
  if (historyStatus === HistoryStatus.noMore) return null;
  return (
    <button
      type="button"
      className="visitor-history-button"
      disabled={historyStatus === HistoryStatus.loading}
      aria-busy={historyStatus === HistoryStatus.loading || undefined}
      onClick={() => void session.loadOlderHistory()}
    >
      {t('chat.loadEarlier')}
    </button>
  );
}

function AgentTyping() {
  const typing = useAtomValue(agentTypingAtom);
  return typing ? <Typing className="visitor-typing" /> : null;
}

/** Robot suggestions while the visitor types; otherwise what they can do next. */
function Suggestions() {
  const t = useT();
  const session = useSession();
  const setDraft = useSetAtom(draftAtom);
  const tips = useAtomValue(robotTipsAtom);
  const conversation = useAtomValue(conversationAtom);
  const items = useMemo<QuickReplyItem[]>(() => {
    if (tips.length > 0) return tips.map((tip) => ({ name: tip, code: 'tip' }));
    const { chatStatus, chatClosed, evaluateMode, evaluateStatus, transcript } = conversation;
    if (chatClosed) {
      const actions: QuickReplyItem[] = [{ name: t('chat.newChat'), code: 'new-chat', isHighlight: true }];
      if (evaluateMode === Setting.on && evaluateStatus !== EvaluateStatus.submitted)
        actions.push({ name: t('chat.rateService'), code: 'rate' });
      if (transcript) actions.push({ name: t('chat.emailTranscript'), code: 'transcript' });
      return actions;
    }
    const actions: QuickReplyItem[] = [];
    if (chatStatus !== ChatStatus.withAgent && chatStatus !== ChatStatus.queued) {
      actions.push({ name: t('chat.transferToAgent'), code: 'transfer', isHighlight: true });
    }
    actions.push({ name: t('chat.leaveMessage'), code: 'leave-message' });
    if (
      chatStatus === ChatStatus.withAgent &&
      evaluateMode === Setting.on &&
      evaluateStatus !== EvaluateStatus.submitted
    ) {
      actions.push({ name: t('chat.rateService'), code: 'rate' });
    }
    actions.push({ name: t('chat.endChat'), code: 'end' });
    return actions;
  }, [tips, conversation, t]);
  if (items.length === 0) return null;
  return (
    <QuickReplies
      items={items}
      onClick={(item) => {
        switch (item.code) {
          case 'tip':
            // The suggestion replaces what was typed: the draft and its suggestions go.
            setDraft('');
            void session.requestRobotTips('');
            void session.sendText(item.name);
            return;
          case 'transfer':
            void session.transfer();
            return;
          case 'leave-message':
            session.setLeaveMessageOpen(true);
            return;
          case 'rate':
            void session.openEvaluation();
            return;
          case 'end':
            void session.close();
            return;
          case 'new-chat':
            void session.start();
            return;
          case 'transcript':
            session.setTranscriptOpen(true);
            return;
        }
      }}
    />
  );
}

/** The longest voice note: a minute of WAV is 1.9 MB, about 21 s to upload on slow 4G (750 kbit/s). */
export const MAX_VOICE_SECONDS = 60;

/**
 * Voice notes must be one of the spec's audio files (section 5: mp3, wav, ogg) to be sent as audio:
 * Ogg/Opus where the browser records it (Firefox, a few KB a second), else the kit's WAV. At
 * MAX_VOICE_SECONDS the note is sent as if released; under a second it is not sent.
 */
export const VOICE_RECORDING = {
  mimeType: ['audio/ogg;codecs=opus', 'audio/wav'],
  maxDuration: MAX_VOICE_SECONDS,
  // A tap shorter than a second is an accident, not a message for the agent.
  minDuration: 1,
} as const;

/** `voice-<time>.ogg` or `.wav`, by the format the recording came in. */
export function voiceFileName(mimeType: string, now = Date.now()): string {
  const subtype = mimeType.split(/[/;]/)[1]?.trim() || 'webm';
  return `voice-${now}.${subtype === 'x-wav' || subtype === 'wave' ? 'wav' : subtype}`;
}

function ChatComposer() {
  const t = useT();
  const session = useSession();
  const conversation = useAtomValue(conversationAtom);
  const [draft, setDraft] = useAtom(draftAtom);
  const endedId = useId();
  const closed = conversation.chatClosed;
  return (
    <>
      {/* An ended chat's composer says why it takes nothing, to the eye and to screen readers. */}
      {closed && (
        <p id={endedId} className="visitor-composer-ended">
          {t('composer.ended')}
        </p>
      )}
      <Composer
        placeholder={closed ? '' : t('composer.placeholder')}
        inputProps={{ id: COMPOSER_INPUT_ID, ...(closed && { 'aria-describedby': endedId }) }}
        maxLength={MAX_MESSAGE_LENGTH}
        value={draft}
        onChange={setDraft}
        disabled={closed}
        onSend={(text) => {
          // The draft is sent: its suggestions (and any still being asked for) go with it.
          void session.requestRobotTips('');
          void session.sendText(text);
        }}
        onTyping={(text) => {
          session.notifyTyping(text);
          void session.requestRobotTips(text);
        }}
        onFiles={(files) => {
          for (const file of files) void session.sendFile(file);
        }}
        recorderProps={VOICE_RECORDING}
        onSendVoice={({ blob, duration, mimeType }) =>
          void session.sendFile(new File([blob], voiceFileName(mimeType), { type: mimeType }), duration)
        }
        accept="image/*,video/*,audio/*,.pdf,.txt,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip,.csv"
      />
    </>
  );
}

/**
 * Engine notices ('Submit failed', 'No customer service online', ...) as toasts, each once. They
 * stay until the visitor dismisses them, except that a notice given while a form is open is about
 * that form: it goes when the form closes (sent again and taken, or given up).
 */
function Notices() {
  const t = useT();
  const session = useSession();
  const notices = useAtomValue(noticesAtom);
  const { openUserForm, openGroupForm, openLeaveMsgForm, openEvaluate } = useAtomValue(overlaysAtom);
  const formOpen = openUserForm || openGroupForm || openLeaveMsgForm || openEvaluate;
  const shown = useRef(new Set<number>());
  const aboutForm = useRef<ToastHandle[]>([]);
  const formOpenNow = useRef(formOpen);
  formOpenNow.current = formOpen;
  useEffect(() => {
    for (const notice of notices) {
      if (shown.current.has(notice.id)) continue;
      shown.current.add(notice.id);
      const withForm = formOpenNow.current;
      // Dismissed once shown; if the toast code cannot load, the notice stays for the next try.
      showToast('error', t(notice.key, notice.params ?? {})).then(
        (toast) => {
          session.dismissNotice(notice.id);
          if (!withForm) return;
          if (formOpenNow.current) aboutForm.current.push(toast);
          else toast.dismiss();
        },
        () => shown.current.delete(notice.id),
      );
    }
  }, [notices, session, t]);
  useEffect(() => {
    if (formOpen) return;
    for (const toast of aboutForm.current.splice(0)) toast.dismiss();
  }, [formOpen]);
  return null;
}

/** The chat page: header, conversation, suggestions, composer and the dialogs the engine opens. */
export function ChatPage() {
  usePrefetchOverlaysWhenIdle();
  return (
    <Chat.Root className="visitor-chat">
      <Chat.Header>
        <ChatHeader />
      </Chat.Header>
      <Chat.Main>
        <LazyOverlays placement="inline" />
        <FirstScreen onWrite={focusComposer} />
        <EarlierMessages />
        <Conversation />
        <AgentTyping />
      </Chat.Main>
      <Chat.Footer>
        <Suggestions />
        <ChatComposer />
      </Chat.Footer>
      <LazyOverlays placement="dialogs" />
      <Notices />
    </Chat.Root>
  );
}
