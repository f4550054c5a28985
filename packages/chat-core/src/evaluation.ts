import type { Conversation, Core } from './context.js';
import { EvaluateStatus } from './states.js';
import { engineText } from './strings.js';
import type { EnqueueSystemMessage } from './systemQueue.js';

/** What the visitor gives when rating. */
export interface EvaluationInput {
  star: number;
  tags?: string[];
  content?: string;
}

/** Fetches the rating options and shows the dialog (evaluateStatus 1); stars best-first. */
export async function openEvaluation(engine: Pick<Core, 'get' | 'set' | 'attempt'>): Promise<void> {
  const { tenantId, channelId, evaluateStatus } = engine.get();
  if (evaluateStatus === EvaluateStatus.submitted) return;
  const info = await engine.attempt('getEvaluateInfo', { tenantId, channelId });
  if (info)
    engine.set({
      evaluateInfo: { starList: info.starList.reverse() },
      openEvaluate: true,
      evaluateStatus: EvaluateStatus.shown,
    });
}

/**
 * The rating's line in the agent's record (spec section 4: "a system message says the user rated
 * the service"). The visitor reads it in the first person: "You rated the service" (`notices.rated`).
 */
export const RATED_FOR_AGENT = 'The user rated the service';

/** Sends the rating: closes with status 2 and a "rated" system message, or 'Submit failed'. */
export async function submitEvaluation(
  engine: Pick<Core, 'get' | 'set' | 'attempt'> &
    Pick<Conversation, 'notice'> & { enqueueSystemMessage: EnqueueSystemMessage },
  input: EvaluationInput,
): Promise<boolean> {
  if (!(await engine.attempt('evaluate', { ...input, userId: engine.get().userId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  engine.set({ openEvaluate: false, evaluateStatus: EvaluateStatus.submitted });
  engine.enqueueSystemMessage(RATED_FOR_AGENT, '', engineText('rated'));
  return true;
}
