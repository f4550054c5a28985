import type { AgentDesk, AlertOutlets, DeskAlert } from '@parley/agent-core';
import { toast } from '@parley/chat-ui/Toast';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { describeAlert } from './alertText.js';
import { chime, prepareChime } from './chime.js';
import { useI18n, useT } from './i18n/I18nProvider.js';
import { languageTag } from './i18n/languages.js';
import { ConsoleTabs } from './tabs.js';
import { setTitleCount } from './title.js';

/** Where the agent's "Mute sound" choice is kept (this browser, every tab). */
export const MUTE_KEY = 'parley-console-muted';

/** Something that came to the agent without the agent doing it (decided by the desk engine). */
export type Alert = DeskAlert;

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

/**
 * The browser's side of the desk's alert decisions (agent-core's notifications.ts decides what is
 * news and when to sound): the tabs of this agent claim each alert (see tabs.ts), the chime, and
 * desktop notifications (with the agent's permission, asked from the header, never unprompted);
 * clicking one brings the tab forward and opens that chat. The outlets are stable: the desk takes
 * them once.
 */
export function useAlertOutlets({
  agentId,
  onOpen,
  onJoining,
}: {
  agentId: string;
  onOpen: (alert: Alert) => void;
  /** Another tab of this agent is joining a chat. */
  onJoining: (sessionId: string) => void;
}) {
  const { t, language } = useI18n();
  const tabs = useRef<ConsoleTabs | null>(null);
  const latest = useRef({ t, language, onOpen, onJoining });
  latest.current = { t, language, onOpen, onJoining };

  useEffect(() => {
    const own = new ConsoleTabs(agentId);
    tabs.current = own;
    const off = own.onJoining((sessionId) => latest.current.onJoining(sessionId));
    return () => {
      off();
      own.close();
      if (tabs.current === own) tabs.current = null;
    };
  }, [agentId]);

  const [outlets] = useState<AlertOutlets>(() => ({
    claim: (id, visible) => tabs.current?.claim(id, visible) ?? Promise.resolve(false),
    joining: (sessionId) => tabs.current?.joining(sessionId),
    chime,
    notify(alert) {
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
    },
  }));
  return { outlets, tabs };
}

/**
 * What the console shows of the desk's alerts: the title count while hidden, the announcement for
 * screen readers while on screen, the mute choice (shared by the agent's tabs through storage) and
 * the notification permission.
 */
export function useAlerts(desk: AgentDesk) {
  const t = useT();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const { unread, announce, muted } = useSyncExternalStore(desk.subscribe, () => desk.getSnapshot().alerts);

  useEffect(() => {
    const shown = () => setPermission(permissionNow());
    // The mute choice of another tab.
    const stored = (event: StorageEvent) => {
      if (event.key === MUTE_KEY || event.key === null) desk.readMuted();
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
  }, [desk]);

  useEffect(() => setTitleCount(unread), [unread]);
  useEffect(() => () => setTitleCount(0), []);

  const requestPermission = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    const answer = await askPermission();
    setPermission(answer);
    if (answer === 'denied') toast.error(t('notifications.blocked'));
  }, [t]);

  // A colleague's mention, on screen: a toast with their note (the toast's region says it).
  const toasted = useRef(new Set<string>());
  useEffect(() => {
    for (const alert of announce) {
      if (alert.kind !== 'mention' || toasted.current.has(alert.id)) continue;
      toasted.current.add(alert.id);
      const { title, body } = describeAlert(alert, t);
      toast.show(body ? `${title}: ${body}` : title);
    }
  }, [announce, t]);

  // Each alert said once, politely: a visitor joining the queue, a new or transferred chat (a
  // mention is said by its toast).
  const announcements = announce
    .filter((alert) => alert.kind !== 'mention')
    .map((alert) => ({ id: alert.id, text: describeAlert(alert, t).title }));
  return { muted, setMuted: desk.setMuted, permission, requestPermission, announcements };
}
