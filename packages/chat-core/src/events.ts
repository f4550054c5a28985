import { ChatStatus, MsgType, OutType, SenderType, Setting, VisitorEvent } from '@parley/chat-protocol';
import { decodeBase64Text } from './base64.js';
import type { Conversation, Core } from './context.js';
import { markRead, removeMessage } from './messages.js';
import type { RobotStream } from './robotStream.js';
import { readyState } from './states.js';
import type { StatusTransitions } from './status.js';
import { engineText } from './strings.js';
import { showQueueMessage } from './transfer.js';
import type { ChannelInfo, ChatMessage, EngineText, EventMsg, EventPoll } from './types.js';
import { isEmbedded } from './urlParams.js';

/** The typing indicator hides after this long without another 1204. */
export const AGENT_TYPING_HIDE = 4000;

/** What the event table acts on. */
export interface EventDeps
  extends Pick<Core, 'get' | 'set' | 'after' | 'now'>,
    Pick<Conversation, 'append' | 'say'> {
  status: Pick<StatusTransitions, 'join' | 'queue' | 'end'>;
  stopPolling(): void;
  markRead(): void;
  agentSpoke(): void;
  notifyParent(message: ChatMessage): void;
  openEvaluation(): Promise<void>;
  robotStream: Pick<RobotStream, 'delta' | 'final'>;
}

type Handler = (engine: EventDeps, event: EventMsg) => void;

/** Turns an agent-message event into a message (msgContentEnc wins over msgContent). */
function toMessage(engine: Pick<Core, 'get' | 'now'>, event: EventMsg): ChatMessage {
  const { msgId, event_type, adminNick, outType, msgContentEnc, waitIndex, ...fields } = event;
  return {
    ...fields,
    id: msgId,
    userId: fields.userId || engine.get().userId,
    senderType: fields.senderType ?? SenderType.agent,
    senderName: fields.senderName ?? adminNick,
    msgType: fields.msgType ?? MsgType.text,
    msgContent: msgContentEnc ? decodeBase64Text(msgContentEnc) : (fields.msgContent ?? ''),
    msgTime: fields.msgTime ?? engine.now(),
  };
}

/**
 * The end message of each outType of event 1202. The visitor's own end (1) always gets a line: the
 * channel's userOverMsg, or the page's "You ended the chat" when the channel has none.
 */
const END_MESSAGES: Record<number, (channel: ChannelInfo) => string | EngineText> = {
  [OutType.visitorOver]: (channel) =>
    channel.userOverMsg.trim() ? channel.userOverMsg : engineText('youEnded'),
  [OutType.agentClosed]: (channel) => (channel.adminCloseMode === Setting.on ? channel.adminCloseMsg : ''),
  [OutType.openedElsewhere]: () => engineText('openedElsewhere'),
};

/**
 * A chat that ended, whoever ended it (spec section 4, event 1202): its end message by `outType`,
 * status 0 and closed, then the rating when the channel asks for one (evaluateMode 1).
 */
export function announceEnd(
  engine: Pick<EventDeps, 'get' | 'say' | 'openEvaluation'> & { status: Pick<StatusTransitions, 'end'> },
  outType: number,
): void {
  const channel = readyState(engine.get()).channelInfo;
  const end = END_MESSAGES[outType]?.(channel);
  if (end) engine.say(end);
  engine.status.end();
  if (channel.evaluateMode === Setting.on) void engine.openEvaluation();
}

/**
 * Reads each poll answer: every event once (by type and id), each through the spec's table of
 * event types, then the queue position while queued.
 */
export function createEventHandler(engine: EventDeps) {
  const seen = new Set<string>();
  let hideTyping = () => {};
  const stopTyping = () => {
    hideTyping();
    engine.set({ agentIsTyping: false });
  };

  const agentMessage: Handler = (engine, event) => {
    const message = toMessage(engine, event);
    stopTyping();
    engine.append(message);
    engine.set((state) => ({
      latestAgentMessageId: message.id,
      hasNewMsg: state.hasNewMsg || !state.pageVisible,
    }));
    engine.markRead();
    if (isEmbedded(engine.get().urlParams)) engine.notifyParent(message);
    engine.agentSpoke();
  };

  const chatEnded: Handler = (engine, event) => {
    engine.stopPolling();
    announceEnd(engine, event.outType ?? 0);
  };

  /** The spec's event table (section 4, "Event types from polling"). */
  const HANDLERS: Record<number, Handler> = {
    [VisitorEvent.agentJoined]: (engine, event) => {
      const nick = event.adminNick ?? event.senderName ?? '';
      const { chatStatus, transferAgent } = engine.get();
      // A transfer answered with status 2 already announced this agent; its 1200 repeats the join.
      if (chatStatus !== ChatStatus.withAgent || transferAgent?.adminNick !== nick)
        engine.status.join(nick, event.msgTime);
    },
    [VisitorEvent.agentMessage]: agentMessage,
    [VisitorEvent.chatEnded]: chatEnded,
    [VisitorEvent.ratingRequested]: (engine) => void engine.openEvaluation(),
    [VisitorEvent.agentTyping]: (engine) => {
      hideTyping();
      engine.set({ agentIsTyping: true });
      hideTyping = engine.after(AGENT_TYPING_HIDE, stopTyping);
    },
    [VisitorEvent.messageDeleted]: (engine, event) =>
      engine.set((state) => ({ messages: removeMessage(state.messages, event.msgId) })),
    [VisitorEvent.queuePosition]: () => {},
    // Extension: the agent left (logged out, gone offline, disabled, or the chat was taken over):
    // the chat waits for a person again, at the front of the queue (docs/contract.md).
    [VisitorEvent.agentLeft]: (engine, event) => {
      stopTyping();
      engine.say(engineText('agentLeft', { name: event.adminNick ?? '' }), event.msgTime);
      engine.status.queue(event.waitIndex ?? 0);
    },
    [VisitorEvent.refused]: (engine) => {
      engine.say(engineText('agentRefused'));
      engine.stopPolling();
    },
    // Extension events: the robot's answer as it grows (docs/contract.md).
    [VisitorEvent.robotDelta]: (engine, event) => engine.robotStream.delta(event),
    [VisitorEvent.robotAnswer]: (engine, event) => engine.robotStream.final(event),
    // Extension: what the serving agent has read, for the page's "Seen" (docs/contract.md).
    [VisitorEvent.agentRead]: (engine, event) => {
      const ids = [event.clientMsgId, event.msgId].filter((id): id is string => Boolean(id));
      engine.set((state) => ({ messages: markRead(state.messages, ids, event.readAt ?? engine.now()) }));
    },
  };

  return (poll: EventPoll): void => {
    // An empty answer after an empty one changes nothing the app can see: no new snapshot.
    if (poll.msgList.length || engine.get().eventMsg.length) engine.set({ eventMsg: poll.msgList });
    for (const event of poll.msgList) {
      const key = `${event.event_type}:${event.msgId}`;
      if (event.msgId && seen.has(key)) continue;
      seen.add(key);
      HANDLERS[event.event_type]?.(engine, event);
    }
    if (poll.status === ChatStatus.queued && engine.get().chatStatus !== ChatStatus.withAgent)
      showQueueMessage(engine, poll.waitIndex);
  };
}
