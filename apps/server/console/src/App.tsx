import { MsgType, SenderType } from '@parley/chat-protocol';
import { Composer } from '@parley/chat-ui/Composer';
import { FileCard } from '@parley/chat-ui/FileCard';
import { Field, Input } from '@parley/chat-ui/Form';
import { Image } from '@parley/chat-ui/Image';
import { Message, type MessageInput, type MessageModel } from '@parley/chat-ui/Message';
import { MessageList } from '@parley/chat-ui/MessageList';
import { Navbar } from '@parley/chat-ui/Navbar';
import { Toaster, toast } from '@parley/chat-ui/Toast';
import { Typing } from '@parley/chat-ui/Typing';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type Agent,
  ApiError,
  api,
  type Chat,
  type LeftMessage,
  type PollAnswer,
  type QueueEntry,
  type Rating,
  type WireMessage,
} from './api.js';
import { strings } from './strings.js';

/** How often the console asks for news: visitor messages, typing and ratings show within about a second. */
const POLL_MS = 1000;
/** The agent's typing signal is sent at most this often while typing. */
const TYPING_MS = 2000;

interface Conversation {
  messages: WireMessage[];
  rating: Rating | null;
  closed: boolean;
}

const report = (error: unknown) =>
  toast.error(strings.failed(error instanceof Error ? error.message : String(error)));

export function App() {
  const [agent, setAgent] = useState<Agent | null | undefined>(undefined);

  useEffect(() => {
    api.me().then(setAgent, () => setAgent(null));
  }, []);

  return (
    <div className="console">
      <Toaster />
      {agent === undefined ? null : agent === null ? (
        <Login onLogin={setAgent} />
      ) : (
        <Workspace agent={agent} onAgent={setAgent} />
      )}
    </div>
  );
}

function Login({ onLogin }: { onLogin: (agent: Agent) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onLogin((await api.login(username, password)).agent);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <main className="console-login">
      <h1>{strings.title}</h1>
      <form onSubmit={submit}>
        <Field label={strings.username} required>
          <Input
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field label={strings.password} required error={error || undefined}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <button className="console-button console-button--primary" type="submit">
          {strings.login}
        </button>
      </form>
    </main>
  );
}

function Workspace({ agent, onAgent }: { agent: Agent; onAgent: (agent: Agent | null) => void }) {
  const [queue, setQueue] = useState<QueueEntry[]>([]);
  const [chats, setChats] = useState<Chat[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [conversations, setConversations] = useState<Record<string, Conversation>>({});
  const cursor = useRef<string | undefined>(undefined);
  const loaded = useRef(new Set<string>());

  const load = useCallback(async (sessionId: string) => {
    loaded.current.add(sessionId);
    try {
      const chat = await api.messages(sessionId);
      setConversations((all) => ({ ...all, [sessionId]: chat }));
    } catch (error) {
      loaded.current.delete(sessionId);
      report(error);
    }
  }, []);

  const apply = useCallback((answer: PollAnswer) => {
    cursor.current = answer.cursor;
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
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        apply(await api.poll(cursor.current));
      } catch (error) {
        if (error instanceof ApiError && error.code === 401) {
          onAgent(null);
          return;
        }
      }
      if (!stopped) timer = setTimeout(tick, POLL_MS);
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

  const toggleOnline = () => act(async () => onAgent(await api.setOnline(!agent.online)));
  const logout = async () => {
    await api.logout().catch(() => {});
    onAgent(null);
  };

  const current = chats.find((chat) => chat.sessionId === selected);
  const conversation = selected ? conversations[selected] : undefined;

  return (
    <div className="console-workspace">
      <Navbar
        title={strings.title}
        actions={
          <div className="console-actions">
            <span className="console-status" data-state={agent.online ? 'online' : 'offline'}>
              {agent.nick}: {agent.online ? strings.online : strings.offline}
            </span>
            <button className="console-button" type="button" onClick={toggleOnline}>
              {agent.online ? strings.goOffline : strings.goOnline}
            </button>
            <button className="console-button" type="button" onClick={logout}>
              {strings.logout}
            </button>
          </div>
        }
      />
      <div className="console-body">
        <nav className="console-sidebar" aria-label={strings.chats}>
          <h2>{strings.queue}</h2>
          {queue.length === 0 ? <p className="console-empty">{strings.emptyQueue}</p> : null}
          <ul>
            {queue.map((entry) => (
              <li key={entry.sessionId} className="console-item">
                <span>
                  {entry.visitorName || strings.visitor} · {entry.channelId}
                  {entry.groupId ? ` / ${entry.groupId}` : ''} · {strings.waiting(entry.waitIndex)}
                </span>
                <span className="console-item__actions">
                  <button
                    className="console-button console-button--primary"
                    type="button"
                    onClick={() =>
                      act(async () => {
                        await api.join(entry.sessionId);
                        setSelected(entry.sessionId);
                      })
                    }
                  >
                    {strings.join}
                  </button>
                  <button
                    className="console-button"
                    type="button"
                    onClick={() => act(() => api.refuse(entry.sessionId))}
                  >
                    {strings.refuse}
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <h2>{strings.chats}</h2>
          {chats.length === 0 ? <p className="console-empty">{strings.noChats}</p> : null}
          <ul>
            {chats.map((chat) => (
              <li key={chat.sessionId}>
                <button
                  type="button"
                  className="console-chat-link"
                  aria-current={chat.sessionId === selected ? 'true' : undefined}
                  onClick={() => setSelected(chat.sessionId)}
                >
                  {chat.visitorName || strings.visitor} · {chat.channelId}
                  {chat.visitorTyping ? ' …' : ''}
                </button>
              </li>
            ))}
          </ul>
          <LeftMessages />
        </nav>
        <main className="console-chat">
          {selected && conversation ? (
            <ChatPane
              sessionId={selected}
              chat={current}
              conversation={conversation}
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
            <p className="console-empty">{strings.pick}</p>
          )}
        </main>
      </div>
    </div>
  );
}

function LeftMessages() {
  const [messages, setMessages] = useState<LeftMessage[]>([]);
  const refresh = useCallback(() => {
    api.leftMessages().then(setMessages, report);
  }, []);
  useEffect(refresh, [refresh]);
  return (
    <section aria-label={strings.leftMessages}>
      <h2>
        {strings.leftMessages}{' '}
        <button className="console-button console-button--small" type="button" onClick={refresh}>
          {strings.refresh}
        </button>
      </h2>
      {messages.length === 0 ? <p className="console-empty">{strings.noLeftMessages}</p> : null}
      <ul>
        {messages.map((message) => (
          <li key={message.id} className="console-item">
            <span>
              {message.name || strings.visitor} · {message.channelId} ·{' '}
              {new Date(message.time).toLocaleString()}
            </span>
            <span>{[message.email, message.phone].filter(Boolean).join(' · ')}</span>
            <span>{message.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function toMessage(message: WireMessage, visitorName: string): MessageInput {
  const position =
    message.senderType === SenderType.agent
      ? 'right'
      : message.senderType === SenderType.system
        ? 'pop'
        : 'left';
  const name = message.senderType === SenderType.visitor ? visitorName : message.senderName;
  return {
    _id: message.id,
    type: message.fileUrl ? 'custom' : message.senderType === SenderType.system ? 'system' : 'text',
    content: message.fileUrl ? message : message.msgContent,
    position,
    user: name ? { name } : undefined,
    createdAt: message.msgTime,
  };
}

function ChatPane({
  sessionId,
  chat,
  conversation,
  onAct,
  onSent,
  onDeleted,
}: {
  sessionId: string;
  chat: Chat | undefined;
  conversation: Conversation;
  onAct: (work: () => Promise<unknown>) => Promise<void>;
  onSent: (message: WireMessage) => void;
  onDeleted: (messageId: string) => void;
}) {
  const lastTyping = useRef(0);
  const open = chat !== undefined && !conversation.closed;

  const typing = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_MS) return;
    lastTyping.current = now;
    api.typing(sessionId).catch(() => {});
  };

  // Called for every message: only file messages (custom) are drawn here.
  const renderContent = (model: MessageModel) => {
    if (model.type !== 'custom') return undefined;
    const message = model.content as WireMessage;
    return message.msgType === MsgType.image && message.fileUrl ? (
      <Image src={message.fileUrl} alt={message.fileName ?? message.msgContent} />
    ) : (
      <FileCard name={message.fileName ?? message.msgContent} size={message.fileSize} url={message.fileUrl} />
    );
  };

  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const renderMessage = (model: MessageModel) => {
    const message = byId.get(model._id);
    return (
      <div className="console-row">
        <Message message={model} renderContent={renderContent} />
        {message?.senderType === SenderType.agent && open ? (
          <span className="console-row__meta">
            {message.read ? <span>{strings.read}</span> : null}
            <button
              className="console-button console-button--small"
              type="button"
              onClick={() =>
                onAct(async () => {
                  await api.remove(sessionId, message.id);
                  onDeleted(message.id);
                })
              }
            >
              {strings.delete}
            </button>
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <section className="console-conversation" aria-label={chat?.visitorName || strings.visitor}>
      <header className="console-conversation__header">
        <div>
          <strong>{chat?.visitorName || strings.visitor}</strong> {chat?.email} {chat?.phone}
          {conversation.rating ? (
            <span className="console-rating"> · {strings.rated(conversation.rating.star)}</span>
          ) : null}
        </div>
        {open ? (
          <div className="console-actions">
            <button
              className="console-button"
              type="button"
              onClick={() => onAct(() => api.askRating(sessionId))}
            >
              {strings.askRating}
            </button>
            <button
              className="console-button"
              type="button"
              onClick={() => onAct(() => api.close(sessionId))}
            >
              {strings.close}
            </button>
            <button
              className="console-button"
              type="button"
              onClick={() => onAct(() => api.refuse(sessionId))}
            >
              {strings.refuse}
            </button>
          </div>
        ) : null}
      </header>
      <div className="console-messages">
        <MessageList
          messages={conversation.messages.map((message) =>
            toMessage(message, chat?.visitorName || strings.visitor),
          )}
          renderMessage={renderMessage}
        />
      </div>
      {chat?.visitorTyping && open ? (
        <div className="console-typing">
          <Typing label={strings.typing(chat.visitorName || strings.visitor)} />
          <span className="console-typing__preview">{chat.visitorTyping}</span>
        </div>
      ) : null}
      {open ? (
        <Composer
          onTyping={typing}
          onSend={(text) =>
            onAct(async () => {
              onSent(await api.send(sessionId, text));
            })
          }
          onFiles={(files) =>
            onAct(async () => {
              for (const file of files) onSent(await api.sendFile(sessionId, file));
            })
          }
        />
      ) : (
        <p className="console-empty">{strings.ended}</p>
      )}
    </section>
  );
}
