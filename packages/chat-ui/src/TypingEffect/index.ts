export { TypingEffect, type TypingEffectProps } from './TypingEffect.js';
export {
  TYPING_EFFECT_INITIAL_INDEX,
  TYPING_EFFECT_INTERVAL,
  TYPING_EFFECT_STEP,
  type UseTypingEffectOptions,
  type UseTypingEffectResult,
  useTypingEffect,
} from './useTypingEffect.js';
