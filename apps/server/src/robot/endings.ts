import type { RobotNotices } from './notices.js';

/**
 * How an answer from the model ended: `complete`; `cut` at a length limit (the endpoint's
 * `finish_reason: "length"`, or our own `maxAnswerCharacters`); `interrupted` partway (silence, a cut
 * connection) after some text was shown; `echoed`, stopped because it repeated the instructions.
 */
export type Ending = 'complete' | 'cut' | 'interrupted' | 'echoed';

/**
 * An answer that stopped partway, as the visitor reads it: a code block it opened is closed (so the
 * notice is not swallowed into it), an ellipsis marks where the text stops, then the notice and the
 * offer of a person.
 *
 * @example
 * markedPartway('Shipping is', 'interrupted', ROBOT_NOTICES.en)
 * // 'Shipping is…\n\nThis answer was interrupted: it may be incomplete. Would you like to talk to a person? Just say so.'
 */
export function markedPartway(text: string, ending: 'cut' | 'interrupted', notices: RobotNotices): string {
  let open: string | undefined;
  for (const [, fence = ''] of text.matchAll(/^ {0,3}(`{3,}|~{3,})/gm)) {
    if (!open) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = undefined;
  }
  const stopped = open ? `${text}\n${open}` : `${text}…`;
  return `${stopped}\n\n${ending === 'cut' ? notices.cut : notices.interrupted} ${notices.offer}`;
}
