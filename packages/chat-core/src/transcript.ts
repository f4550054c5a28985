import { ApiError, ErrorCode, TRANSCRIPTS_PER_DAY } from '@parley/chat-protocol';
import type { Conversation, Core } from './context.js';
import { engineText } from './strings.js';
import type { ChatState } from './types.js';

// The chat's transcript by email: offered once a chat has ended, when the server mails them
// (chatStart's `transcript`), to an address the visitor types, filled in with the one they gave
// (`visitorContact.email`: the address, a form, a left message).

/**
 * Whether the page may offer the transcript now: the chat has ended and the server mails them.
 *
 * @example
 * if (transcriptOffered(chat.getSnapshot())) showTheButton();
 */
export function transcriptOffered(state: ChatState): boolean {
  return state.chatClosed && state.chatStart?.transcript === true;
}

/**
 * Asks the server to mail the transcript to `email`: on success the form closes and the address is
 * kept with the visitor's contact details; on failure the visitor is told (at most 3 a day, else 'Submit failed').
 */
export async function requestTranscript(
  engine: Pick<Core, 'api' | 'get' | 'set' | 'logger'> & Pick<Conversation, 'notice'>,
  email: string,
): Promise<boolean> {
  try {
    const { to } = await engine.api('transcript', { userId: engine.get().userId, email });
    engine.set((state) => ({
      openTranscript: false,
      visitorContact: { ...state.visitorContact, email: to },
    }));
    return true;
  } catch (error) {
    engine.logger.warn('transcript failed', error);
    const limited = error instanceof ApiError && error.code === ErrorCode.tooManyRequests;
    engine.notice(
      limited ? engineText('transcriptLimit', { limit: TRANSCRIPTS_PER_DAY }) : engineText('submitFailed'),
    );
    return false;
  }
}
