export { TYPING_ANNOUNCE_DELAY, TYPING_ANNOUNCE_QUIET, Typing, type TypingProps } from './Typing.js';
export {
  TYPING_HIDDEN_MAX,
  TYPING_HIDDEN_MIN,
  TYPING_VISIBLE_MAX,
  TYPING_VISIBLE_MIN,
  type UseTypingCycleOptions,
  useTypingCycle,
} from './useTypingCycle.js';
