import {
  AgentEvent,
  FIELD_LIMITS,
  MsgType,
  SenderType,
  Setting,
  type TreeNode,
  type WireMessage,
} from '@parley/chat-protocol';
import { badRequest } from '../errors.js';
import { randomId } from '../ids.js';
import { asksForPerson } from '../robot/askForPerson.js';
import { askedSummary, handToPerson } from '../robot/handover.js';
import { llmOf, llmRobotAsk } from '../robot/llmRobot.js';
import { type IncomingMessage, parseJson } from './domain.js';
import { emitAgentEvent } from './events.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './messages.js';
import { answerQuestion, suggestQuestions } from './robot.js';
import type { ConversationStore } from './store.js';

// What the visitor sends: messages, system messages, read receipts, typing, robot questions.

/**
 * A system message from the page. One carrying a sender's name is the page's agent welcome (the
 * agent card's `adminWelcomeMsg`, sent under the agent's nick), which the console shows as the
 * agent speaking: it is taken as such only when it is the welcome of the agent serving this chat,
 * and is then recorded just before that agent's first answer, as the visitor saw it, however long
 * the page's system queue took (else an agent who answered at once came before their own
 * welcome). Any other name is dropped: the message is a plain notice, so no page can put words
 * in an agent's mouth.
 */
export async function sysMsg(
  store: ConversationStore,
  userId: string,
  message: IncomingMessage,
): Promise<null> {
  const named = Boolean(message.senderName?.trim());
  let senderName = named ? '' : message.senderName;
  let at: number | undefined;
  if (named) {
    const session = await store.openSession(userId);
    const [serving] = session.admin_id
      ? await store.db.query<{ nick: string; welcome_msg: string | null; taken_at: number | null }>(
          'select a.nick, a.welcome_msg, s.taken_at from sessions s join agents a on a.id = s.admin_id where s.id = $1',
          [session.id],
        )
      : [];
    if (
      serving?.welcome_msg &&
      serving.nick === message.senderName &&
      serving.welcome_msg === message.msgContent
    ) {
      senderName = serving.nick;
      // Just before the agent's first answer since joining, when there is one already.
      const [first] = await store.db.query<{ at: number | null }>(
        'select min(msg_time) as at from messages where session_id = $1 and sender_type = $2 and msg_time >= $3',
        [session.id, SenderType.agent, serving.taken_at ?? 0],
      );
      if (first?.at != null) at = Math.min(store.clock(), first.at - 1);
    }
  }
  await storeVisitorSide(
    store,
    userId,
    { ...pageText(message), senderType: SenderType.system, senderName },
    at,
  );
  return null;
}

export async function sendMsg(
  store: ConversationStore,
  userId: string,
  message: IncomingMessage,
): Promise<{ status: number }> {
  if (message.senderType !== undefined && message.senderType !== SenderType.visitor) {
    throw badRequest('a visitor sends messages with senderType 1');
  }
  // The console names the visitor from the visitor's record: a name in the body is not theirs to set.
  await storeVisitorSide(store, userId, {
    ...message,
    senderType: SenderType.visitor,
    senderName: undefined,
  });
  return { status: 1 };
}

/** The message types a page may record under the robot's or the system's name: text only. */
/** What a page records: text, a notice, or the FAQ answer the visitor read (its title, then its text). */
const PAGE_TEXT_TYPES: ReadonlySet<string> = new Set([
  String(MsgType.text),
  String(MsgType.notice),
  MsgType.faq,
]);

/**
 * A robot or system message the page records (sysMsg, addSessionMsg) is text: a file type is
 * refused and file fields are dropped, so no page can show an agent a download under the robot's
 * name. Everything a visitor sends is the visitor's, whatever sender type it claims.
 */
function pageText(message: IncomingMessage): IncomingMessage {
  if (!PAGE_TEXT_TYPES.has(String(message.msgType ?? MsgType.text))) {
    throw badRequest(
      `msgType must be ${MsgType.text} (text), ${MsgType.notice} (notice) or ${MsgType.faq}: the page records text only`,
    );
  }
  const { fileName: _name, fileSize: _size, fileUrl: _url, audioDuration: _duration, ...text } = message;
  return text;
}

const FILE_TYPES: ReadonlySet<number> = new Set([MsgType.image, MsgType.file, MsgType.audio, MsgType.video]);
const UPLOAD_URL = /^\/uploads\/([A-Za-z0-9_-]{22})\?sig=[A-Za-z0-9_-]{1,64}$/;

/**
 * What a page may not store: a text message with no text, or a file message whose `fileUrl` is not
 * a file this visitor uploaded here (an outside or crafted URL would reach agents as a download).
 */
async function checkVisitorMessage(store: ConversationStore, userId: string, message: IncomingMessage) {
  const msgType = Number(message.msgType ?? MsgType.text);
  if (msgType === MsgType.text && !(message.msgContent ?? '').trim()) {
    throw badRequest('msgContent is blank: a text message needs some text');
  }
  if (!FILE_TYPES.has(msgType) && message.fileUrl === undefined) return;
  const id = UPLOAD_URL.exec(message.fileUrl ?? '')?.[1];
  const [upload] = id
    ? await store.db.query<{ visitor_id: string }>('select visitor_id from uploads where id = $1', [id])
    : [];
  if (upload?.visitor_id !== userId) {
    throw badRequest('fileUrl must be the URL of a file this visitor uploaded (/uploads/{id}?sig=…)');
  }
}

export async function storeVisitorSide(
  store: ConversationStore,
  userId: string,
  message: IncomingMessage & { senderType: SenderType },
  /** When the message is recorded as said; now by default. */
  at?: number,
) {
  // Cards come from the server's own robot, never from a page's body.
  const { card: _fromPage, ...fields } = message;
  if (message.senderType === SenderType.visitor) await checkVisitorMessage(store, userId, message);
  await store.write(async (tx) => {
    const session = await store.openSession(userId, tx);
    const row = await store.insertMessage(tx, session, fields, at);
    if (row && session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: userId,
        sessionId: session.id,
        type: AgentEvent.message,
        payload: { message: toWireMessage(row) },
        now: store.clock(),
      });
      await tx.query('update sessions set visitor_typing = null where id = $1', [session.id]);
    }
  });
}

export async function msgComplete(store: ConversationStore, userId: string, pollId: string): Promise<null> {
  const session = await store.ownedSession(userId, 'poll_id', pollId);
  await store.write(async (tx) => {
    const read = await tx.query(
      `update messages set read_at = $2 where session_id = $1 and sender_type = $3 and read_at is null returning id`,
      [session.id, store.clock(), SenderType.agent],
    );
    if (read.length > 0 && session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: userId,
        sessionId: session.id,
        type: AgentEvent.read,
        payload: { msgIds: read.map((row) => row.id) },
        now: store.clock(),
      });
    }
  });
  return null;
}

export async function typing(store: ConversationStore, userId: string, text: string): Promise<null> {
  const session = await store.openSession(userId);
  await store.db.query('update sessions set visitor_typing = $2, visitor_typing_at = $3 where id = $1', [
    session.id,
    text.slice(0, 500),
    store.clock(),
  ]);
  // Only the console of the chat's agent shows it.
  await store.cache.publishDesk(session.admin_id ?? undefined);
  return null;
}

export async function robotAsk(
  store: ConversationStore,
  userId: string,
  text: string,
  msgId: string,
  stream = false,
  /** The client's address: the language model's tokens are budgeted per address too. */
  address?: string,
): Promise<WireMessage> {
  const session = await store.openSession(userId);
  const channel = await store.channel(session.channel_id);
  const llm = llmOf(store, channel);
  if (llm)
    return llmRobotAsk(store, session, channel, llm, { text, msgId: msgId || randomId(), stream, address });
  const knowledge = channel.robot ?? { answers: [], fallback: 'Sorry, I cannot answer that yet.' };
  // A visitor who asks for a person ("agent", as the greeting says) is handed on, not answered.
  const { answer, matched, card } = asksForPerson(text)
    ? {
        answer: await handToPerson(store, session, channel, askedSummary(text)),
        matched: true,
        card: undefined,
      }
    : answerQuestion(knowledge, text);
  const row = await store.write(async (tx) =>
    store.insertMessage(
      tx,
      session,
      {
        senderType: SenderType.robot,
        senderName: String(channel.info.robotName ?? 'Robot'),
        msgType: card ? MsgType.card : MsgType.text,
        msgContent: answer,
        card,
        clientMsgId: `robot-answer:${msgId}`,
      },
      undefined,
      msgId ? { replyTo: msgId } : undefined,
    ),
  );
  const message = row
    ? toWireMessage(row)
    : toWireMessage(
        (
          await store.db.query<MessageRow>(
            `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
            [session.id, `robot-answer:${msgId}`],
          )
        )[0] as MessageRow,
      );
  return { ...message, robotAskMsgType: matched ? Setting.on : Setting.off };
}

export async function robotTips(store: ConversationStore, userId: string, text: string): Promise<string[]> {
  const session = await store.openSession(userId);
  const channel = await store.channel(session.channel_id);
  return channel.robot ? suggestQuestions(channel.robot, text) : [];
}

/**
 * Agent messages of the visitor's earlier chats that the visitor has not read (an agent answered
 * after the visitor left), oldest first. Answering marks them read, so each is shown once.
 */
export async function getOfflineMsg(store: ConversationStore, userId: string): Promise<WireMessage[]> {
  await store.visitor(userId);
  return store.write(async (tx) => {
    const rows = await tx.query<MessageRow>(
      `update messages set read_at = $3
       where visitor_id = $1 and sender_type = $2 and read_at is null and not deleted
         and session_id in (select id from sessions where visitor_id = $1 and closed_at is not null)
       returning ${MESSAGE_COLUMNS}`,
      [userId, SenderType.agent, store.clock()],
    );
    return rows.sort((a, b) => a.msg_time - b.msg_time || a.id.localeCompare(b.id)).map(toWireMessage);
  });
}

/**
 * The FAQ answers a page may record as the robot's, as the page writes them: a node's title, a
 * line break, its text. Anything else under the robot's name would be the visitor's words shown to
 * agents, in transcripts and webhooks, and to the model as its own earlier turn.
 */
function faqAnswers(config: unknown): Set<string> {
  const answers = new Set<string>();
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as TreeNode[]) {
      if (typeof node?.title === 'string' && typeof node.content === 'string' && node.content.trim()) {
        answers.add(`${node.title}\n${node.content}`.slice(0, FIELD_LIMITS.messageText));
      }
      walk(node?.children);
    }
  };
  walk(parseJson(config) ?? config);
  return answers;
}

/**
 * A message the page adds to the current chat's record (senderType robot or system only: the
 * schema refuses others), e.g. the FAQ answer the visitor opened, so the agent sees it.
 */
export async function addSessionMsg(
  store: ConversationStore,
  userId: string,
  message: IncomingMessage,
): Promise<{ status: number }> {
  const senderType = message.senderType === SenderType.system ? SenderType.system : SenderType.robot;
  // Under the channel's robot name (or none, for a notice), whatever name the body gives.
  const session = await store.openSession(userId);
  const channel = await store.channel(session.channel_id);
  if (
    senderType === SenderType.robot &&
    (String(message.msgType) !== MsgType.faq ||
      !faqAnswers(channel.info.faqConfig).has(message.msgContent ?? ''))
  ) {
    throw badRequest(
      "a robot message the page records is one of the channel's FAQ answers (msgType faq, its title and text)",
    );
  }
  const senderName = senderType === SenderType.robot ? String(channel.info.robotName ?? 'Robot') : undefined;
  await storeVisitorSide(store, userId, { ...pageText(message), senderType, senderName });
  return { status: 1 };
}
