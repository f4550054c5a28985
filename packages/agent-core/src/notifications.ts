import { type AgentPollAnswer, SenderType } from '@parley/chat-protocol';
import type { DeskAlert } from './types.js';

/** Ids kept to recognise what was already seen (the oldest are forgotten past this). */
const MEMORY = 5000;

function remember(set: Set<string>, value: string) {
  set.add(value);
  if (set.size > MEMORY) {
    const [oldest] = set;
    if (oldest !== undefined) set.delete(oldest);
  }
}

/**
 * Finds what is new in the poll answers: a visitor the queue did not have, a chat the agent did
 * not join itself, a visitor message of one of the agent's chats. The first answer (the console
 * starting) is what is already there: nothing in it is new. Answers may repeat (an action's own
 * poll and the held poll): each thing is new once.
 */
export class AlertWatcher {
  private started = false;
  private readonly queued = new Set<string>();
  private readonly chats = new Set<string>();
  private readonly events = new Set<string>();
  /** Chats the agent is joining (in this tab or another of its tabs): no news. */
  readonly joining = new Set<string>();

  observe(
    answer: Pick<AgentPollAnswer, 'queue' | 'chats' | 'events'> & { agent?: { id: string } },
  ): DeskAlert[] {
    const first = !this.started;
    this.started = true;
    const alerts: DeskAlert[] = [];
    for (const entry of answer.queue) {
      if (this.queued.has(entry.sessionId)) continue;
      remember(this.queued, entry.sessionId);
      if (first) continue;
      alerts.push({
        id: `queue:${entry.sessionId}`,
        kind: 'queue',
        sessionId: entry.sessionId,
        visitorName: entry.visitorName,
        visitorId: entry.visitorId,
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
        visitorId: chat.visitorId,
        channelId: chat.channelId,
        ...(chat.transferredFrom ? { from: chat.transferredFrom } : {}),
        ...(chat.transferNote ? { note: chat.transferNote } : {}),
      });
    }
    for (const event of answer.events) {
      // A colleague's private note that names this agent (`@username`).
      if (event.type === 'note' && !this.events.has(event.id)) {
        remember(this.events, event.id);
        const { note } = event;
        if (!answer.agent || note.agentId === answer.agent.id || !note.mentions.includes(answer.agent.id))
          continue;
        const chat = open.get(event.sessionId);
        alerts.push({
          id: `note:${event.id}`,
          kind: 'mention',
          sessionId: event.sessionId,
          visitorName: chat?.visitorName ?? '',
          visitorId: chat?.visitorId ?? '',
          channelId: chat?.channelId ?? '',
          from: note.agentNick,
          note: note.body,
        });
        continue;
      }
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
        visitorId: chat.visitorId,
        channelId: chat.channelId,
        message: event.message,
      });
    }
    return alerts;
  }
}

/**
 * How long a console tab waits for the claims of other tabs that heard the same alert before it
 * decides whether it chimes and notifies (one tab of an agent's many does).
 */
export const CLAIM_WINDOW_MS = 250;

/** What to do about new alerts, by whether the console is on screen. */
export interface AlertDecision {
  /** How many to add to the title's count (hidden only). */
  count: number;
  /** Alerts to announce to screen readers (on screen only; a visitor's message is already on screen). */
  announce: DeskAlert[];
  /** Alerts for a chime and a desktop notification, if this tab claims them (hidden only). */
  notify: DeskAlert[];
}

/**
 * The rule: while the console is hidden, every alert counts in the title and may chime and
 * notify; while it is on screen, new visitors and chats are announced, and nothing sounds.
 *
 * @example
 * decide(alerts, false) // { count: 2, announce: [], notify: alerts }
 */
export function decide(alerts: readonly DeskAlert[], visible: boolean): AlertDecision {
  if (!visible) return { count: alerts.length, announce: [], notify: [...alerts] };
  return { count: 0, announce: alerts.filter((alert) => alert.kind !== 'message'), notify: [] };
}
