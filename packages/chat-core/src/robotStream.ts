import { MsgType, SenderType } from '@parley/chat-protocol';
import type { Conversation, Core } from './context.js';
import { patchMessage, removeMessage } from './messages.js';
import type { ChatMessage, EventMsg, Message } from './types.js';

// The robot's answer as it grows (docs/contract.md, "The robot's answer as it grows"): parts
// placed by offset into the answer's placeholder, the thinking beside it, the final message in its
// place, and the text so far asked again when the page missed parts (it reloaded mid-answer).

/** What the growing answer acts on. */
export interface RobotStreamDeps
  extends Pick<Core, 'get' | 'set' | 'now' | 'attempt'>,
    Pick<Conversation, 'append'> {}

/** The placeholder of the robot's answer to a visitor message (spec: `answer-{id}`). */
export const answerId = (replyTo: string) => `answer-${replyTo}`;

/**
 * Text `known` with `more` placed at offset `at`: the longer of the two, so a part that comes
 * again changes nothing. Undefined when `at` is past the end: parts before it are missing.
 */
export function placeAt(known: string, at: number, more: string): string | undefined {
  if (at > known.length) return undefined;
  return at + more.length > known.length ? known.slice(0, at) + more : known;
}

/** Seconds of thinking, shown as "done, N s" once the answer itself begins. */
const secondsSince = (startedAt: number, now: number) => Math.max(0, Math.round((now - startedAt) / 1000));

export function createRobotStream(engine: RobotStreamDeps) {
  const resuming = new Set<string>();

  const find = (id: string) => engine.get().messages.find((message) => message.id === id);

  /** The placeholder, made at the end of the list when this page has none (it reloaded mid-answer). */
  function placeholder(replyTo: string): ChatMessage {
    const shown = find(answerId(replyTo));
    if (shown) return shown;
    const { userId, channelInfo } = engine.get();
    const made: ChatMessage = {
      id: answerId(replyTo),
      userId,
      senderType: SenderType.robot,
      senderName: channelInfo?.robotName ?? '',
      msgType: MsgType.robotAnswer,
      msgContent: '',
      msgTime: engine.now(),
      status: 'pending',
    };
    engine.append(made);
    return made;
  }

  const update = (id: string, patch: Partial<ChatMessage>) =>
    engine.set((state) => ({ messages: patchMessage(state.messages, id, patch) }));

  /** Thinking that ends when the answer's text begins: its seconds are fixed then. */
  function thinkingDone(message: ChatMessage): ChatMessage['thinking'] {
    const { thinking } = message;
    if (!thinking || thinking.seconds !== undefined) return thinking;
    return { ...thinking, seconds: secondsSince(thinking.startedAt ?? engine.now(), engine.now()) };
  }

  /** Asks for the text so far (robotAsk again, same msgId): once at a time per answer. */
  async function resume(replyTo: string) {
    if (resuming.has(replyTo)) return;
    resuming.add(replyTo);
    try {
      const question = find(replyTo)?.msgContent ?? '';
      const { userId } = engine.get();
      const reply = await engine.attempt('robotAsk', {
        userId,
        msgContent: question,
        msgId: replyTo,
        stream: true,
      });
      if (reply) answered(replyTo, reply);
    } finally {
      resuming.delete(replyTo);
    }
  }

  /** A part of the answer (event 1301). */
  function delta(event: EventMsg): void {
    const replyTo = event.replyTo;
    if (!replyTo) return;
    // A part of an answer already final (its 1302 came first, or robotAsk answered whole): nothing to do.
    if (!find(answerId(replyTo)) && engine.get().messages.some((message) => message.replyTo === replyTo))
      return;
    const message = placeholder(replyTo);
    const text = placeAt(message.msgContent, event.at ?? 0, event.delta ?? '');
    const thinkingText = placeAt(
      message.thinking?.text ?? '',
      event.thinkingAt ?? 0,
      event.thinkingDelta ?? '',
    );
    if (text === undefined || thinkingText === undefined) {
      void resume(replyTo);
      return;
    }
    const patch: Partial<ChatMessage> = { msgContent: text, growing: true, status: 'sent' };
    if (thinkingText) {
      patch.thinking = { startedAt: engine.now(), ...message.thinking, text: thinkingText };
      // The server's count, once it sends one, is the one the recorded answer keeps.
      if (event.thinkingSeconds !== undefined) patch.thinking.seconds = event.thinkingSeconds;
      else if (text) patch.thinking = thinkingDone({ ...message, thinking: patch.thinking });
    }
    update(message.id, patch);
  }

  /** The final answer (event 1302, or robotAsk's whole answer): in the placeholder's place. */
  function final(replyTo: string, answer: Message): void {
    const shownPlaceholder = find(answerId(replyTo));
    // The recorded answer's thinking (as a reload shows it), else what this page saw of it.
    const thinking = answer.thinking ?? (shownPlaceholder?.thinking && thinkingDone(shownPlaceholder));
    const finished: ChatMessage = { ...answer, replyTo, status: 'sent', ...(thinking && { thinking }) };
    if (find(answer.id)) {
      if (shownPlaceholder)
        engine.set((state) => ({ messages: removeMessage(state.messages, shownPlaceholder.id) }));
      return;
    }
    if (!shownPlaceholder) {
      engine.append(finished);
      return;
    }
    engine.set((state) => ({
      messages: state.messages.map((message) => (message.id === shownPlaceholder.id ? finished : message)),
    }));
  }

  /** robotAsk's answer: the text so far (msgType answermsg) while the answer grows, else the answer. */
  function answered(replyTo: string, reply: Message): void {
    if (reply.msgType !== MsgType.robotAnswer) {
      final(replyTo, reply);
      return;
    }
    const shown = find(answerId(replyTo));
    if (!shown) return;
    const patch: Partial<ChatMessage> = {};
    if (reply.msgContent.length > shown.msgContent.length) patch.msgContent = reply.msgContent;
    // The thinking so far (a page that reloaded mid-answer has none): later parts continue it.
    const thought = reply.thinking?.text ?? '';
    if (thought.length > (shown.thinking?.text.length ?? 0)) {
      patch.thinking = { startedAt: engine.now(), ...shown.thinking, ...reply.thinking, text: thought };
    }
    if (Object.keys(patch).length > 0) update(shown.id, { ...patch, growing: true, status: 'sent' });
  }

  return {
    delta,
    final: (event: EventMsg) => {
      if (!event.replyTo || !event.msgId) return;
      // A 1302 carries the message's fields beside its own (`replyTo`); the placeholder is replaced.
      const { event_type: _type, msgId, ...fields } = event;
      final(event.replyTo, {
        ...fields,
        id: msgId,
        userId: fields.userId || engine.get().userId,
        senderType: SenderType.robot,
        msgType: fields.msgType ?? MsgType.text,
        msgContent: fields.msgContent ?? '',
        msgTime: fields.msgTime ?? engine.now(),
      });
    },
    answered,
  };
}

export type RobotStream = ReturnType<typeof createRobotStream>;
