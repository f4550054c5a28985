import { ChatStatus } from '@parley/chat-protocol';
import type { ChannelConfig, SessionRow } from '../conversation/domain.js';
import { transferAgent } from '../conversation/routing.js';
import type { ConversationStore } from '../conversation/store.js';

// The robot handing a chat to a person, the keyword robot and the language-model robot alike: a
// visitor who asks for a person in their words (askForPerson.ts) is handed on, as the robot's
// greeting and fallback tell them to.

/** What the robot says once the chat is on its way to a person. */
export const DEFAULT_HANDOVER_TEXT = 'I am passing you to a person: they will see our conversation.';

/**
 * Hands the chat to a person (routing, as the page's "Talk to a human agent" button does), recorded
 * as a transfer from the robot with `summary` as its note; answers what the robot tells the visitor:
 * a person is coming, or nobody is online, or it is outside working hours.
 */
export async function handToPerson(
  store: ConversationStore,
  session: Pick<SessionRow, 'id' | 'visitor_id'>,
  channel: ChannelConfig,
  summary: string,
): Promise<string> {
  // Recorded as a transfer from the robot: the console shows who handed the chat on, and the note.
  await store.db.query('update sessions set transferred_from = $2, transfer_note = $3 where id = $1', [
    session.id,
    String(channel.info.robotName ?? 'Robot'),
    summary,
  ]);
  const result = await transferAgent(store, { userId: session.visitor_id });
  const info = channel.info;
  return result.status === ChatStatus.agentsOffline
    ? String(info.adminOfflineMsg || 'No agent is online right now: you can leave a message.')
    : result.status === ChatStatus.outOfHours
      ? String(info.unWorkingMsg || 'We are outside our working hours: you can leave a message.')
      : DEFAULT_HANDOVER_TEXT;
}

/** The note of a hand-over the visitor asked for. */
export const askedSummary = (text: string) => `The visitor asked for a person: "${text.slice(0, 200)}"`;
