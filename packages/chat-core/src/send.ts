import {
  ApiError,
  ChatStatus,
  MsgType,
  ReceiveMode,
  SenderType,
  SendStatus,
  Setting,
} from '@parley/chat-protocol';
import type { Conversation, Core, Transfer } from './context.js';
import { fileMsgType, type OutgoingFile, refuseTooLarge, uploadFile } from './files.js';
import { patchMessage, removeMessage } from './messages.js';
import type { Outbox } from './outbox.js';
import type { RobotStream } from './robotStream.js';
import type { ChatMessage } from './types.js';

/** The sendMsg body: the message's wire fields, without id and status, plus clientMsgId. */
function sendBody(message: ChatMessage) {
  const { userId, senderType, msgType, msgContent, msgTime, fileName, fileSize, fileUrl, audioDuration } =
    message;
  const clientMsgId = message.clientMsgId ?? message.id;
  return {
    userId,
    senderType,
    msgType,
    msgContent,
    msgTime,
    fileName,
    fileSize,
    fileUrl,
    audioDuration,
    clientMsgId,
  };
}

/** Only a failure the server may not have seen is worth sending again on its own. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || !(error.kind === 'code' || error.kind === 'shape');

/**
 * Visitor messages: text and files, the robot answer placeholder, retries and the outbox. A
 * message is delivered by one request at a time, and always under its first clientMsgId.
 */
/** What sending acts on. */
export interface SenderDeps
  extends Pick<Core, 'api' | 'attempt' | 'get' | 'set' | 'stamp' | 'logger'>,
    Pick<Conversation, 'append' | 'notice'> {
  createObjectUrl(file: Blob): string | undefined;
  transfer: Transfer;
  robotStream: Pick<RobotStream, 'answered'>;
  visitorSpoke(): void;
}

export function createSender(engine: SenderDeps) {
  const inFlight = new Set<string>();
  const files = new Map<string, OutgoingFile>();
  let outbox: Outbox | undefined;
  let flushing = false;
  let again = false;

  const update = (id: string, patch: Partial<ChatMessage>) =>
    engine.set((state) => ({ messages: patchMessage(state.messages, id, patch) }));

  const deliver = async (message: ChatMessage): Promise<boolean> => {
    if (inFlight.has(message.id)) return false;
    inFlight.add(message.id);
    outbox?.put(message);
    update(message.id, { status: 'pending' });
    try {
      const sent = (await engine.api('sendMsg', sendBody(message))).status === SendStatus.stored;
      update(message.id, { status: sent ? 'sent' : 'fail' });
      outbox?.remove(message.id);
      return sent;
    } catch (error) {
      engine.logger.warn('message not sent', error);
      update(message.id, { status: 'fail' });
      if (!isTransient(error)) outbox?.remove(message.id);
      return false;
    } finally {
      inFlight.delete(message.id);
    }
  };

  /**
   * Sends what the outbox holds, in order, stopping at the first failure (still offline). Asked
   * again while it runs (the network came back while a request hung), it goes round once more.
   */
  async function flush(): Promise<void> {
    if (!outbox) return;
    if (flushing) {
      again = true;
      return;
    }
    flushing = true;
    try {
      do {
        again = false;
        for (const saved of outbox.read()) {
          const shown = engine.get().messages.find((message) => message.id === saved.id) ?? saved;
          if (shown.status === 'sent') outbox.remove(saved.id);
          else if (!(await deliver(shown))) break;
        }
      } while (again);
    } finally {
      flushing = false;
    }
  }

  const uploadAndDeliver = async (message: ChatMessage): Promise<void> => {
    let ready: ChatMessage | null = message;
    if (message.fileName !== undefined && !message.fileUrl) {
      const file = files.get(message.id);
      ready = file && !refuseTooLarge(engine, file) ? await uploadFile(engine, message, file) : null;
      if (!ready) return update(message.id, { status: 'fail' });
      update(message.id, { fileUrl: ready.fileUrl });
    }
    if (await deliver(ready)) files.delete(message.id);
  };

  /** A new visitor message, or null (logged) without a visitor id. */
  const create = (fields: Partial<ChatMessage>): ChatMessage | null => {
    const { userId } = engine.get();
    if (!userId) {
      engine.logger.error('userId not obtained');
      return null;
    }
    const time = engine.stamp();
    const id = `msgId-${time}`;
    const message: ChatMessage = {
      id,
      clientMsgId: id,
      userId,
      senderType: SenderType.visitor,
      msgType: MsgType.text,
      msgContent: '',
      msgTime: time,
      status: 'pending',
      ...fields,
    };
    engine.append(message);
    engine.visitorSpoke();
    return message;
  };

  /** Human-first with a message-triggered transfer: the first message (text or file) asks for the agent. */
  const transferTriggeredBy = () => {
    const { receiveMode, msgToTransferFlag, chatStatus } = engine.get();
    return (
      receiveMode === ReceiveMode.human &&
      msgToTransferFlag === Setting.on &&
      chatStatus !== ChatStatus.withAgent &&
      chatStatus !== ChatStatus.queued
    );
  };
  const transferFirst = async (text: string) => {
    engine.set({ transferMsg: text });
    await engine.transfer({}, true);
  };

  const robotAnswer = async (message: ChatMessage, answerId: string, sent: boolean) => {
    const drop = () => engine.set((state) => ({ messages: removeMessage(state.messages, answerId) }));
    if (!sent) return drop();
    const { userId, msgContent, id } = message;
    // `stream`: a server that streams answers at once and the answer grows through the poll; one
    // that does not answers whole, as the spec has it (docs/contract.md).
    const reply = await engine.attempt('robotAsk', { userId, msgContent, msgId: id, stream: true });
    if (!reply) update(answerId, { status: 'fail' });
    else engine.robotStream.answered(id, reply);
  };

  return {
    async sendText(text: string): Promise<void> {
      if (!text.trim()) return;
      const { receiveMode, chatStatus, channelInfo } = engine.get();
      const message = create({ msgContent: text });
      if (!message) return;
      const robot = receiveMode === ReceiveMode.robot && chatStatus !== ChatStatus.withAgent;
      const answerId = `answer-${message.id}`;
      if (robot) {
        const senderName = channelInfo?.robotName ?? '';
        engine.append({
          id: answerId,
          userId: message.userId,
          senderType: SenderType.robot,
          senderName,
          msgType: MsgType.robotAnswer,
          msgContent: '',
          msgTime: message.msgTime,
          status: 'pending',
        });
      }
      if (transferTriggeredBy()) await transferFirst(text);
      const sent = await deliver(message);
      if (robot) await robotAnswer(message, answerId, sent);
    },

    async sendFile(file: OutgoingFile, audioDuration?: number): Promise<void> {
      const message = create({
        msgType: fileMsgType(file.name),
        msgContent: file.name,
        fileName: file.name,
        fileSize: file.size,
        audioDuration,
        previewUrl: engine.createObjectUrl(file),
      });
      if (!message) return;
      files.set(message.id, file);
      // Too large for the server: shown failed with the reason, nothing uploaded or transferred.
      if (refuseTooLarge(engine, file)) return update(message.id, { status: 'fail' });
      // Spec section 4: "sending a message first triggers the transfer", a file or voice note too.
      if (transferTriggeredBy()) await transferFirst(file.name);
      await uploadAndDeliver(message);
    },

    /** Sends a failed visitor message again, in place, with its first clientMsgId. */
    async retry(id: string): Promise<void> {
      const message = engine.get().messages.find((shown) => shown.id === id);
      if (message?.senderType !== SenderType.visitor || message.status !== 'fail') return;
      update(id, { status: 'pending' });
      await uploadAndDeliver(message);
    },

    /** Shows the stored unacknowledged messages of this visitor, then sends them. */
    async restore(saved: Outbox): Promise<void> {
      outbox = saved;
      engine.append(...saved.read());
      await flush();
    },

    flush,
  };
}
