import { SenderType } from '@parley/chat-protocol';
import { toast } from '@parley/chat-ui/Toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PollAnswer, WireMessage } from './api.js';
import { chime, prepareChime } from './chime.js';
import { useI18n } from './i18n/I18nProvider.js';
import { languageTag } from './i18n/languages.js';
import type { Translate } from './i18n/translate.js';
import { readStored, writeStored } from './storage.js';
import { ConsoleTabs } from './tabs.js';
import { setTitleCount } from './title.js';

/** Where the agent's "Mute sound" choice is kept (this browser, every tab). */
export const MUTE_KEY = 'parley-console-muted';
/** The longest message text a notification shows. */
const NOTIFICATION_TEXT = 160;
/** Ids kept to recognise what was already seen (the oldest are forgotten past this). */
const MEMORY = 5000;

/** Something that came to the agent without the agent doing it. */
export interface Alert {
  /** The same in every tab of the agent: the tabs claim alerts by it. */
  id: string;
  /** A visitor joined the queue, a chat came to the agent (given by a colleague, or by routing), a visitor wrote. */
  kind: 'queue' | 'chat' | 'message';
  sessionId: string;
  visitorName: string;
  channelId: string;
  /** The colleague who handed the chat over, and their note. */
  from?: string;
  note?: string;
  message?: WireMessage;
}

function remember(set: Set<string>, value: string) {
  set.add(value);
  if (set.size > MEMORY) {
    const [oldest] = set;
    if (oldest !== undefined) set.delete(oldest);
  }
}

/**
 * Finds what is new in the console's poll answers: a visitor the queue did not have, a chat the
 * agent did not join itself, a visitor message of one of the agent's chats. The first answer
 * (the console starting) is what is already there: nothing in it is new. Answers may repeat
 * (an action's own poll and the held poll): each thing is new once.
 */
export class AlertWatcher {
  private started = false;
  private readonly queued = new Set<string>();
  private readonly chats = new Set<string>();
  private readonly events = new Set<string>();
  /** Chats the agent is joining (in this tab or another of its tabs): no news. */
  readonly joining = new Set<string>();

  observe(answer: Pick<PollAnswer, 'queue' | 'chats' | 'events'>): Alert[] {
    const first = !this.started;
    this.started = true;
    const alerts: Alert[] = [];
    for (const entry of answer.queue) {
      if (this.queued.has(entry.sessionId)) continue;
      remember(this.queued, entry.sessionId);
      if (first) continue;
      alerts.push({
        id: `queue:${entry.sessionId}`,
        kind: 'queue',
        sessionId: entry.sessionId,
        visitorName: entry.visitorName,
        channelId: entry.channelId,
      });
    }
    const open = new Map(answer.chats.map((chat) => [chat.sessionId, chat]));
    for (const chat of answer.chats) {
      // A chat handed back and forth comes back with a new time taken.
      const key = `${chat.sessionId}:${chat.since ?? ''}`;
      if (this.chats.has(key)) continue;
      remember(this.chats, key);
      if (first || (this.joining.has(chat.sessionId) && !chat.transferredFrom)) continue;
      alerts.push({
        id: `chat:${key}`,
        kind: 'chat',
        sessionId: chat.sessionId,
        visitorName: chat.visitorName,
        channelId: chat.channelId,
        ...(chat.transferredFrom ? { from: chat.transferredFrom } : {}),
        ...(chat.transferNote ? { note: chat.transferNote } : {}),
      });
    }
    for (const event of answer.events) {
      if (event.type !== 'message' || this.events.has(event.id)) continue;
      remember(this.events, event.id);
      const chat = open.get(event.sessionId);
      if (!chat || event.message.senderType !== SenderType.visitor) continue;
      // A chat handed over brings its history along: only what came after it arrived is news.
      if (chat.since !== null && event.message.msgTime < chat.since) continue;
      alerts.push({
        id: `message:${event.id}`,
        kind: 'message',
        sessionId: event.sessionId,
        visitorName: chat.visitorName,
        channelId: chat.channelId,
        message: event.message,
      });
    }
    return alerts;
  }
}

const clip = (text: string) =>
  text.length > NOTIFICATION_TEXT ? `${Array.from(text).slice(0, NOTIFICATION_TEXT).join('')}…` : text;

/** An alert as words: a title, and a body (the message, the channel, the colleague's note). */
export function describeAlert(alert: Alert, t: Translate): { title: string; body: string } {
  const name = alert.visitorName || t('chat.visitor');
  if (alert.kind === 'queue')
    return { title: t('notifications.newVisitor', { name }), body: alert.channelId };
  if (alert.kind === 'chat') {
    return alert.from
      ? { title: t('notifications.transferred', { from: alert.from, name }), body: clip(alert.note ?? '') }
      : { title: t('notifications.newChat', { name }), body: alert.channelId };
  }
  const message = alert.message;
  const body = message?.fileUrl
    ? t('notifications.file', { name: message.fileName ?? message.msgContent })
    : clip(message?.msgContent ?? '');
  return { title: t('notifications.newMessage', { name }), body };
}

type Permission = NotificationPermission | 'unsupported';

function permissionNow(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for the permission, whether the browser answers with a promise or (older ones) a callback. */
function askPermission(): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    const answer = Notification.requestPermission(resolve);
    if (answer) answer.then(resolve, () => resolve(Notification.permission));
  });
}

const isHidden = () => document.visibilityState === 'hidden';

/**
 * The console's alerts for an agent who works in other windows: while the tab is hidden, each new
 * queued visitor, chat and visitor message counts in the tab title (cleared when the tab is shown
 * again), and one tab of the agent's (see tabs.ts) chimes, unless muted, and shows a desktop
 * notification (with the agent's permission, asked from the header, never unprompted); clicking
 * it brings the tab forward and opens that chat. While the tab is on screen, a new visitor or
 * chat is announced to screen readers instead.
 */
export function useAlerts({ agentId, onOpen }: { agentId: string; onOpen: (alert: Alert) => void }) {
  const { t, language } = useI18n();
  const [muted, setMutedState] = useState(() => readStored(MUTE_KEY) === '1');
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [unread, setUnread] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const watcher = useRef(new AlertWatcher());
  const tabs = useRef<ConsoleTabs | null>(null);
  const latest = useRef({ t, language, muted, onOpen });
  latest.current = { t, language, muted, onOpen };

  useEffect(() => {
    const own = new ConsoleTabs(agentId);
    tabs.current = own;
    const off = own.onJoining((sessionId) => watcher.current.joining.add(sessionId));
    return () => {
      off();
      own.close();
      if (tabs.current === own) tabs.current = null;
    };
  }, [agentId]);

  useEffect(() => {
    const shown = () => {
      if (!isHidden()) setUnread(0);
      setPermission(permissionNow());
    };
    // The mute choice of another tab.
    const stored = (event: StorageEvent) => {
      if (event.key === MUTE_KEY || event.key === null) setMutedState(readStored(MUTE_KEY) === '1');
    };
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('storage', stored);
    // Browsers let a tab play sound once the person has used it: get the chime ready then.
    window.addEventListener('pointerdown', prepareChime, true);
    window.addEventListener('keydown', prepareChime, true);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('storage', stored);
      window.removeEventListener('pointerdown', prepareChime, true);
      window.removeEventListener('keydown', prepareChime, true);
    };
  }, []);

  useEffect(() => setTitleCount(unread), [unread]);
  useEffect(() => () => setTitleCount(0), []);

  const notify = useCallback((alert: Alert) => {
    if (permissionNow() !== 'granted') return;
    const { t, language } = latest.current;
    const { title, body } = describeAlert(alert, t);
    try {
      const notification = new Notification(title, {
        body,
        tag: `parley-${alert.kind === 'queue' ? 'queue' : 'chat'}-${alert.sessionId}`,
        lang: languageTag(language),
        // the console's own chime is the sound (or the silence, when muted)
        silent: true,
      });
      notification.onclick = () => {
        window.focus();
        notification.close();
        latest.current.onOpen(alert);
      };
    } catch {
      // browsers that show notifications only from a service worker (Android)
    }
  }, []);

  const observe = useCallback(
    (answer: Pick<PollAnswer, 'queue' | 'chats' | 'events'>) => {
      const alerts = watcher.current.observe(answer);
      if (alerts.length === 0) return;
      const hidden = isHidden();
      if (hidden) {
        setUnread((count) => count + alerts.length);
      } else {
        const news = alerts.filter((alert) => alert.kind !== 'message');
        if (news.length > 0) {
          setAnnouncement(news.map((alert) => describeAlert(alert, latest.current.t).title).join('. '));
        }
      }
      const own = tabs.current;
      if (!own) return;
      void Promise.all(alerts.map((alert) => own.claim(alert.id, !hidden))).then((won) => {
        const mine = alerts.filter((_, index) => won[index]);
        if (mine.length === 0 || !isHidden()) return;
        if (!latest.current.muted) chime();
        for (const alert of mine) notify(alert);
      });
    },
    [notify],
  );

  /** Before joining a chat: it is not news, here or in the agent's other tabs. */
  const joining = useCallback((sessionId: string) => {
    watcher.current.joining.add(sessionId);
    tabs.current?.joining(sessionId);
  }, []);

  const setMuted = useCallback((next: boolean) => {
    setMutedState(next);
    writeStored(MUTE_KEY, next ? '1' : null);
  }, []);

  const requestPermission = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    const answer = await askPermission();
    setPermission(answer);
    if (answer === 'denied') toast.error(latest.current.t('notifications.blocked'));
  }, []);

  return { observe, joining, muted, setMuted, permission, requestPermission, announcement };
}
