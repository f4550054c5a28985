import { atCapacity, type Outcome } from '@parley/agent-core';
import { Navbar } from '@parley/chat-ui/Navbar';
import { toast } from '@parley/chat-ui/Toast';
import { Outlet, useMatchRoute, useParams, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AccountMenu, type Presence } from './AccountMenu.js';
import { type Alert, useAlertOutlets, useAlerts } from './alerts.js';
import type { Agent } from './api.js';
import { CannedReplies } from './CannedReplies.js';
import { ConsoleModal } from './ConsoleModal.js';
import { createConsoleDesk, DeskProvider, useDesk, useDeskState } from './desk.js';
import { InboxList } from './InboxList.js';
import { useT } from './i18n/I18nProvider.js';
import { LanguagePicker } from './LanguagePicker.js';
import { displayName } from './names.js';
import { inboxQueryOf, useGo } from './navigation.js';
import { usePaletteKey } from './paletteKey.js';
import { Rail } from './Rail.js';
import { useReport } from './report.js';
import { Shortcuts, useShortcuts } from './Shortcuts.js';
import { TransferDialog } from './TransferDialog.js';
import { VerifiedBadge } from './VerifiedBadge.js';
import { WorkspaceProvider } from './views.js';

/** The command palette loads when first opened (Ctrl+K), not with the console. */
const CommandPalette = lazy(() => import('./CommandPalette.js'));

const queueItemId = (sessionId: string) => `console-queue-${sessionId}`;

/** What the header says of the agent's state. */
const PRESENCE_KEYS = {
  online: 'workspace.statusOnline',
  away: 'workspace.statusAway',
  offline: 'workspace.statusOffline',
} as const;

/**
 * The logged-in agent's console: a desk engine (agent-core) for this agent, started while the
 * workspace is on screen, with the browser's alert outlets.
 */
export function Workspace({ agent, onAgent }: { agent: Agent; onAgent: (agent: Agent | null) => void }) {
  const go = useGo();
  // A notification clicked: the chat opens; a queued visitor's Join button takes focus.
  const open = useCallback(
    (alert: Alert) => {
      if (alert.kind === 'queue') {
        document.getElementById(queueItemId(alert.sessionId))?.querySelector('button')?.focus();
      } else {
        void go.conversation(alert.sessionId);
      }
    },
    [go],
  );
  const joiningElsewhere = useCallback((sessionId: string) => desks.current?.noteJoining(sessionId), []);
  const { outlets } = useAlertOutlets({ agentId: agent.id, onOpen: open, onJoining: joiningElsewhere });
  const [desk] = useState(() => createConsoleDesk(outlets));
  const desks = useRef(desk);
  useEffect(() => {
    desk.start();
    return () => desk.stop();
  }, [desk]);
  return (
    <DeskProvider desk={desk}>
      <Desk agent={agent} onAgent={onAgent} />
    </DeskProvider>
  );
}

/**
 * The queue the agent can take from, its open chats, the chat on screen with its visitor beside
 * it, the left messages and the canned replies; alerts (title count, chime, desktop notifications)
 * while the tab is hidden.
 */
function Desk({ agent: loggedIn, onAgent }: { agent: Agent; onAgent: (agent: Agent | null) => void }) {
  const t = useT();
  const report = useReport();
  const desk = useDesk();
  const agent = useDeskState((snapshot) => snapshot.agent) ?? loggedIn;
  const status = useDeskState((snapshot) => snapshot.status);
  const queue = useDeskState((snapshot) => snapshot.queue);
  const chats = useDeskState((snapshot) => snapshot.chats);
  const go = useGo();
  // The conversation the URL names, if any; the view on screen; the inbox's filters.
  const selected = useParams({ strict: false }).sessionId ?? null;
  const matchRoute = useMatchRoute();
  const search = useSearch({ strict: false });
  const [help, setHelp] = useState(false);
  const [transferring, setTransferring] = useState<string | null>(null);
  const unseenMentions = useDeskState((snapshot) => snapshot.inbox.mentions.unseen);
  const inboxCount = useDeskState((snapshot) => snapshot.inbox.counts.mine);
  const main = useRef<HTMLElement>(null);
  const workspace = useMemo(() => ({ agent, transfer: setTransferring }), [agent]);
  const onSelect = useCallback(
    (sessionId: string | null) => void (sessionId ? go.conversation(sessionId) : go.home()),
    [go],
  );
  const alerts = useAlerts(desk);

  useEffect(() => {
    if (status === 'signedOut') onAgent(null);
  }, [status, onAgent]);

  useEffect(() => {
    if (!selected) {
      desk.inbox.blur();
      return;
    }
    // Its messages (the agent's own chat as it goes on), and its row, notes and history.
    const own = desk.getSnapshot().chats.some((chat) => chat.sessionId === selected);
    if (own) void desk.open(selected).then((outcome) => !outcome.ok && report(outcome.error));
    void desk.inbox.inspect(selected).then((outcome) => !outcome.ok && report(outcome.error));
  }, [selected, desk, report]);

  // The list the URL asks for, and its search: loaded when they change (a link, Back, a filter).
  const query = JSON.stringify(inboxQueryOf(search));
  useEffect(() => {
    void desk.inbox.show(JSON.parse(query)).then((outcome) => !outcome.ok && report(outcome.error));
  }, [desk, query, report]);
  const words = search.q;
  useEffect(() => {
    if (words) void desk.inbox.search(words).then((outcome) => !outcome.ok && report(outcome.error));
    else desk.inbox.clearSearch();
  }, [desk, words, report]);

  useShortcuts({ selected, onSelect, onHelp: () => setHelp(true) });
  const [palette, setPalette] = useState(false);
  usePaletteKey(() => setPalette((open) => !open));

  /** Runs a desk command; a failure is told as a toast. */
  const act = async (work: () => Promise<Outcome<unknown>>) => {
    const outcome = await work();
    if (!outcome.ok) report(outcome.error);
    return outcome.ok;
  };

  /** The agent serves as many chats as their capacity: a join takes them past it, and says so. */
  const full = useDeskState(atCapacity);
  /** Online, away (online, no new chats) or offline, as the agent picks in their menu. */
  const setPresence = async (next: Presence) => {
    if (next === 'offline') return act(() => desk.setOnline(false));
    if (!agent.online && !(await act(() => desk.setOnline(true)))) return false;
    return act(() => desk.setAway(next === 'away'));
  };
  const [choosingLanguage, setChoosingLanguage] = useState(false);
  const logout = async () => {
    await desk.logout();
    onAgent(null);
  };

  // Away is online without new chats: said as such, not as Online.
  const presence: Presence = !agent.online ? 'offline' : agent.away ? 'away' : 'online';
  const current = chats.find((chat) => chat.sessionId === selected);
  const transferChat = chats.find((chat) => chat.sessionId === transferring);

  return (
    <div className="console-workspace" data-view={matchRoute({ to: '/' }) ? 'home' : 'page'}>
      <a className="console-skip" href="#console-main">
        {t('inbox.skip')}
      </a>
      <Navbar
        className="console-navbar"
        title={t('app.title')}
        actions={
          <div className="console-actions">
            <span className="console-status" data-state={presence}>
              {t(PRESENCE_KEYS[presence], { name: agent.nick })}
            </span>
            <AccountMenu
              nick={agent.nick}
              presence={presence}
              onPresenceChange={(next) => void setPresence(next)}
              muted={alerts.muted}
              onMutedChange={(muted) => alerts.setMuted(muted)}
              offerNotifications={alerts.permission === 'default' || alerts.permission === 'denied'}
              onEnableNotifications={() => void alerts.requestPermission()}
              onLanguage={() => setChoosingLanguage(true)}
              onShortcuts={() => setHelp(true)}
              onLogout={() => void logout()}
            />
          </div>
        }
      />
      <div className="console-body">
        <Rail inboxCount={inboxCount} unseenMentions={unseenMentions} isAdmin={agent.role === 'admin'} />
        <nav className="console-sidebar" aria-label={t('inbox.title')}>
          <h2>{t('queue.title')}</h2>
          {queue.length === 0 ? <p className="console-empty">{t('queue.empty')}</p> : null}
          {queue.length > 0 && full ? (
            <p className="console-note" id="queue-at-capacity">
              {t('queue.atCapacity', { capacity: agent.capacity })}
            </p>
          ) : null}
          <ul>
            {queue.map((entry) => (
              <li key={entry.sessionId} id={queueItemId(entry.sessionId)} className="console-item">
                <span>
                  <bdi>{entry.visitorName || displayName(entry)}</bdi>
                  <VerifiedBadge visitor={entry} /> ·{' '}
                  <bdi>
                    {entry.channelId}
                    {entry.groupId ? ` / ${entry.groupId}` : ''}
                  </bdi>{' '}
                  · {t('queue.position', { position: entry.waitIndex })}
                </span>
                <span className="console-item__actions">
                  <button
                    className="console-button console-button--primary"
                    type="button"
                    aria-describedby={full ? 'queue-at-capacity' : undefined}
                    onClick={async () => {
                      // Past capacity only as the note above says: the server refuses it otherwise.
                      const joining = desk.join(entry.sessionId, { beyondCapacity: full });
                      if (await act(() => joining)) onSelect(entry.sessionId);
                    }}
                  >
                    {t('queue.join')}
                  </button>
                  <button
                    className="console-button"
                    type="button"
                    onClick={() => act(() => desk.refuse(entry.sessionId))}
                  >
                    {t('queue.refuse')}
                  </button>
                  <button className="console-button" type="button" onClick={() => onSelect(entry.sessionId)}>
                    {t('inbox.read')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <InboxList
            selected={selected}
            onSelect={(sessionId, messageId) => go.conversation(sessionId, messageId)}
          />
          <CannedReplies agentId={agent.id} channels={agent.channels} channelId={current?.channelId} />
        </nav>
        <main className="console-chat" id="console-main" ref={main} tabIndex={-1}>
          <WorkspaceProvider value={workspace}>
            <Outlet />
          </WorkspaceProvider>
        </main>
      </div>
      {transferChat ? (
        <TransferDialog
          chat={transferChat}
          onClose={() => setTransferring(null)}
          onTransferred={(to) => {
            const sessionId = transferChat.sessionId;
            setTransferring(null);
            if (selected === sessionId) onSelect(null);
            // As long as it takes to read (the kit's reading time).
            toast.success(t('transfer.done', { nick: to.nick }));
            // The pane it was in is gone: focus goes to where the next chat shows.
            requestAnimationFrame(() => main.current?.focus());
          }}
        />
      ) : null}
      {help ? <Shortcuts onClose={() => setHelp(false)} /> : null}
      {choosingLanguage ? (
        <ConsoleModal onClose={() => setChoosingLanguage(false)} title={t('language.label')}>
          <LanguagePicker />
        </ConsoleModal>
      ) : null}
      {palette ? (
        <Suspense fallback={null}>
          <CommandPalette
            selected={selected}
            isAdmin={agent.role === 'admin'}
            onTransfer={setTransferring}
            onHelp={() => setHelp(true)}
            onClose={() => setPalette(false)}
          />
        </Suspense>
      ) : null}
      {/* On the page from the start, so what comes into it is announced. Each alert is a node of
          its own: a second visitor of the same name is news too, and is said again. */}
      <p className="parley-visually-hidden" role="status">
        {alerts.announcements.map((announcement, index) => (
          <span key={announcement.id}>
            {index > 0 ? '. ' : ''}
            {announcement.text}
          </span>
        ))}
      </p>
    </div>
  );
}
