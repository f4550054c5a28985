import { ErrorCode } from '@parley/chat-protocol';
import { Navbar } from '@parley/chat-ui/Navbar';
import { toast } from '@parley/chat-ui/Toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Alert, useAlerts } from './alerts.js';
import { type Agent, ApiError, api, type Chat, type PollAnswer, type QueueEntry } from './api.js';
import { CannedReplies } from './CannedReplies.js';
import { ChatPane } from './ChatPane.js';
import { useT } from './i18n/I18nProvider.js';
import { LanguagePicker } from './LanguagePicker.js';
import { LeftMessages } from './LeftMessages.js';
import { type Conversation, useReport } from './report.js';
import { TransferDialog } from './TransferDialog.js';
import { VerifiedBadge } from './VerifiedBadge.js';
import { VisitorPanel } from './VisitorPanel.js';

/** How often the console asks for news: visitor messages, typing and ratings show within about a second. */
const POLL_MS = 1000;
/** How long a poll asks the server to hold it (live delivery); a server that holds says so. */
const HOLD_MS = 15_000;

/** How long the notice that a chat went to a colleague stays. */
const TRANSFERRED_NOTICE_MS = 6000;

const queueItemId = (sessionId: string) => `console-queue-${sessionId}`;

/**
 * The queue the agent can take from, its open chats, the chat on screen with its visitor beside
 * it, the left messages and the canned replies; alerts (title count, chime, desktop notifications)
 * while the tab is hidden.
 */
export function Workspace({ agent, onAgent }: { agent: Agent; onAgent: (agent: Agent | null) => void }) {
  const t = useT();
  const report = useReport();
  const [queue, setQueue] = useState<QueueEntry[]>([]);
  const [chats, setChats] = useState<Chat[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [conversations, setConversations] = useState<Record<string, Conversation>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [transferring, setTransferring] = useState<string | null>(null);
  const cursor = useRef<string | undefined>(undefined);
  /** The `view` of the last poll answer: sent back, so a change made between two polls is not held. */
  const view = useRef<string | undefined>(undefined);
  const loaded = useRef(new Set<string>());
  const main = useRef<HTMLElement>(null);

  // A notification clicked: the chat opens; a queued visitor's Join button takes focus.
  const open = useCallback((alert: Alert) => {
    if (alert.kind === 'queue') {
      document.getElementById(queueItemId(alert.sessionId))?.querySelector('button')?.focus();
    } else {
      setSelected(alert.sessionId);
    }
  }, []);
  const alerts = useAlerts({ agentId: agent.id, onOpen: open });
  const { observe } = alerts;

  const load = useCallback(
    async (sessionId: string) => {
      loaded.current.add(sessionId);
      try {
        const chat = await api.messages(sessionId);
        setConversations((all) => ({ ...all, [sessionId]: chat }));
      } catch (error) {
        loaded.current.delete(sessionId);
        report(error);
      }
    },
    [report],
  );

  const apply = useCallback(
    (answer: PollAnswer) => {
      cursor.current = answer.cursor;
      observe(answer);
      setQueue(answer.queue);
      setChats(answer.chats);
      if (answer.events.length === 0) return;
      setConversations((all) => {
        const next = { ...all };
        for (const event of answer.events) {
          const conversation = next[event.sessionId];
          if (!conversation) continue;
          if (event.type === 'message' && !conversation.messages.some((m) => m.id === event.message.id)) {
            next[event.sessionId] = { ...conversation, messages: [...conversation.messages, event.message] };
          } else if (event.type === 'rating') {
            next[event.sessionId] = { ...conversation, rating: { star: event.star, tags: event.tags } };
          } else if (event.type === 'read') {
            const read = new Set(event.msgIds);
            next[event.sessionId] = {
              ...conversation,
              messages: conversation.messages.map((m) => (read.has(m.id) ? { ...m, read: true } : m)),
            };
          } else if (event.type === 'visitorClosed') {
            next[event.sessionId] = { ...conversation, closed: true };
          }
        }
        return next;
      });
    },
    [observe],
  );

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Held polls: the server answers when something changes for this agent, and the next poll goes
    // out at once (the first one too, answered at once without a cursor: a held poll reports what
    // changes after it starts, so a visitor queued in a gap would wait for the next change); after
    // an error, or from a server that does not hold, every second. The console keeps holding while
    // its tab is hidden: it is what tells the agent about new visitors (see alerts.ts).
    const tick = async () => {
      let again = POLL_MS;
      const starting = cursor.current === undefined;
      try {
        const answer = await api.poll(cursor.current, starting ? undefined : HOLD_MS, view.current);
        if (stopped) return;
        view.current = answer.view;
        apply(answer);
        if (answer.wait !== undefined || starting) again = 0;
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.unauthorized) {
          onAgent(null);
          return;
        }
      }
      if (!stopped) timer = setTimeout(tick, again);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [apply, onAgent]);

  useEffect(() => {
    if (selected && !loaded.current.has(selected)) load(selected);
  }, [selected, load]);

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      apply(await api.poll(cursor.current));
    } catch (error) {
      report(error);
    }
  };

  /** The agent serves as many chats as their capacity: a join takes them past it, and says so. */
  const atCapacity = chats.length >= agent.capacity;
  const toggleOnline = () => act(async () => onAgent(await api.setOnline(!agent.online)));
  const logout = async () => {
    await api.logout().catch(() => {});
    onAgent(null);
  };

  const current = chats.find((chat) => chat.sessionId === selected);
  const transferChat = chats.find((chat) => chat.sessionId === transferring);
  const conversation = selected ? conversations[selected] : undefined;

  return (
    <div className="console-workspace">
      <Navbar
        className="console-navbar"
        title={t('app.title')}
        actions={
          <div className="console-actions">
            <span className="console-status" data-state={agent.online ? 'online' : 'offline'}>
              {t(agent.online ? 'workspace.statusOnline' : 'workspace.statusOffline', { name: agent.nick })}
            </span>
            <button className="console-button" type="button" onClick={toggleOnline}>
              {agent.online ? t('workspace.goOffline') : t('workspace.goOnline')}
            </button>
            {alerts.permission === 'default' || alerts.permission === 'denied' ? (
              <button
                className="console-button"
                type="button"
                onClick={() => void alerts.requestPermission()}
              >
                {t('notifications.enable')}
              </button>
            ) : null}
            <button
              className="console-button console-toggle"
              type="button"
              aria-pressed={alerts.muted}
              onClick={() => alerts.setMuted(!alerts.muted)}
            >
              {t('notifications.mute')}
            </button>
            <LanguagePicker />
            <button className="console-button" type="button" onClick={logout}>
              {t('workspace.logout')}
            </button>
          </div>
        }
      />
      <div className="console-body">
        <nav className="console-sidebar" aria-label={t('chats.title')}>
          <h2>{t('queue.title')}</h2>
          {queue.length === 0 ? <p className="console-empty">{t('queue.empty')}</p> : null}
          {queue.length > 0 && atCapacity ? (
            <p className="console-note" id="queue-at-capacity">
              {t('queue.atCapacity', { capacity: agent.capacity })}
            </p>
          ) : null}
          <ul>
            {queue.map((entry) => (
              <li key={entry.sessionId} id={queueItemId(entry.sessionId)} className="console-item">
                <span>
                  <bdi>{entry.visitorName || t('chat.visitor')}</bdi>
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
                    aria-describedby={atCapacity ? 'queue-at-capacity' : undefined}
                    onClick={() =>
                      act(async () => {
                        alerts.joining(entry.sessionId);
                        // Past capacity only as the note above says: the server refuses it otherwise.
                        await api.join(entry.sessionId, atCapacity);
                        setSelected(entry.sessionId);
                      })
                    }
                  >
                    {t('queue.join')}
                  </button>
                  <button
                    className="console-button"
                    type="button"
                    onClick={() => act(() => api.refuse(entry.sessionId))}
                  >
                    {t('queue.refuse')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <h2>{t('chats.title')}</h2>
          {chats.length === 0 ? <p className="console-empty">{t('chats.empty')}</p> : null}
          <ul>
            {chats.map((chat) => (
              <li key={chat.sessionId}>
                <button
                  type="button"
                  className="console-chat-link"
                  aria-current={chat.sessionId === selected ? 'true' : undefined}
                  onClick={() => setSelected(chat.sessionId)}
                >
                  <bdi>{chat.visitorName || t('chat.visitor')}</bdi>
                  <VerifiedBadge visitor={chat} /> · <bdi>{chat.channelId}</bdi>
                  {chat.visitorTyping ? ' …' : ''}
                </button>
              </li>
            ))}
          </ul>
          <LeftMessages />
          <CannedReplies agentId={agent.id} channels={agent.channels} channelId={current?.channelId} />
        </nav>
        <main className="console-chat" ref={main} tabIndex={-1}>
          {selected && conversation ? (
            <ChatPane
              agentId={agent.id}
              sessionId={selected}
              chat={current}
              conversation={conversation}
              draft={drafts[selected] ?? ''}
              onDraft={(text) => setDrafts((all) => ({ ...all, [selected]: text }))}
              onTransfer={() => setTransferring(selected)}
              onAct={act}
              onSent={(message) =>
                setConversations((all) => {
                  const existing = all[selected];
                  if (!existing || existing.messages.some((m) => m.id === message.id)) return all;
                  return { ...all, [selected]: { ...existing, messages: [...existing.messages, message] } };
                })
              }
              onDeleted={(messageId) =>
                setConversations((all) => {
                  const existing = all[selected];
                  if (!existing) return all;
                  return {
                    ...all,
                    [selected]: {
                      ...existing,
                      messages: existing.messages.filter((m) => m.id !== messageId),
                    },
                  };
                })
              }
            />
          ) : (
            <p className="console-empty">{t('workspace.pick')}</p>
          )}
          {selected && conversation ? (
            <VisitorPanel key={selected} sessionId={selected} chat={current} />
          ) : null}
        </main>
      </div>
      {transferChat ? (
        <TransferDialog
          chat={transferChat}
          onClose={() => setTransferring(null)}
          onTransferred={(to) => {
            const sessionId = transferChat.sessionId;
            setTransferring(null);
            setSelected((shown) => (shown === sessionId ? null : shown));
            setDrafts(({ [sessionId]: _gone, ...rest }) => rest);
            toast.success(t('transfer.done', { nick: to.nick }), { duration: TRANSFERRED_NOTICE_MS });
            // The pane it was in is gone: focus goes to where the next chat shows.
            requestAnimationFrame(() => main.current?.focus());
            void act(async () => {});
          }}
        />
      ) : null}
      <p className="parley-visually-hidden" role="status">
        {alerts.announcement}
      </p>
    </div>
  );
}
