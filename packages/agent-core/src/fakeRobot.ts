import { type AgentMessage, type DeskEvent, MsgType, SenderType } from '@parley/chat-protocol';

// The robot of the fake agent server (testing.ts): its answer written part by part in a
// conversation it serves, and recorded once in the place of what was written.

export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** What the fake server lends its robot. */
export interface FakeRobotWorld {
  /** The messages of a conversation the robot serves (throws for any other). */
  messagesOf(sessionId: string): AgentMessage[];
  emit(event: WithoutId<DeskEvent>): void;
  now(): number;
  nextMessageId(): string;
}

/** Events only a poll that watches their conversation gets. */
export const WATCHED: ReadonlySet<DeskEvent['type']> = new Set(['robotDelta', 'robotAnswer']);

export function createFakeRobot(world: FakeRobotWorld) {
  /** The answers being written, per conversation, by the visitor message they answer. */
  const drafts = new Map<string, Map<string, { text: string; thinking: string; time: number }>>();
  const draftsOf = (sessionId: string) => {
    const found = drafts.get(sessionId) ?? new Map();
    drafts.set(sessionId, found);
    return found;
  };
  const line = (sessionId: string, text: string, time: number): AgentMessage => ({
    id: world.nextMessageId(),
    userId: `visitor-${sessionId}`,
    senderType: SenderType.robot,
    senderName: 'Robot',
    msgType: MsgType.text,
    msgContent: text,
    msgTime: time,
  });

  return {
    /** The answers being written in a conversation, as the placeholders ending its messages. */
    placeholders(sessionId: string): AgentMessage[] {
      return [...draftsOf(sessionId)].map(([replyTo, draft]) => ({
        ...line(sessionId, draft.text, draft.time),
        id: `answer-${replyTo}`,
        msgType: MsgType.robotAnswer,
        replyTo,
        ...(draft.thinking && { thinking: { text: draft.thinking } }),
      }));
    },
    /**
     * The robot writes more of its answer to the visitor message `replyTo`: a part for the polls that
     * watch the conversation, or with `unseen` none (a part a console missed: its cursor passed it).
     */
    writes(
      sessionId: string,
      replyTo: string,
      part: { text?: string; thinking?: string; thinkingSeconds?: number; unseen?: boolean },
    ): void {
      world.messagesOf(sessionId);
      const draft = draftsOf(sessionId).get(replyTo) ?? { text: '', thinking: '', time: world.now() };
      const at = draft.text.length;
      const thinkingAt = draft.thinking.length;
      draft.text += part.text ?? '';
      draft.thinking += part.thinking ?? '';
      draftsOf(sessionId).set(replyTo, draft);
      if (part.unseen) return;
      world.emit({
        sessionId,
        type: 'robotDelta',
        time: world.now(),
        replyTo,
        at,
        delta: part.text ?? '',
        thinkingAt,
        thinkingDelta: part.thinking ?? '',
        ...(part.thinkingSeconds !== undefined && { thinkingSeconds: part.thinkingSeconds }),
      });
    },
    /** The robot's final answer to `replyTo`: recorded, in the place of what was written so far. */
    answers(
      sessionId: string,
      replyTo: string,
      text: string,
      thinking?: { text: string; seconds: number },
    ): AgentMessage {
      const messages = world.messagesOf(sessionId);
      draftsOf(sessionId).delete(replyTo);
      const message = { ...line(sessionId, text, world.now()), replyTo, ...(thinking && { thinking }) };
      messages.push(message);
      world.emit({ sessionId, type: 'robotAnswer', time: world.now(), replyTo, message });
      return message;
    },
  };
}
