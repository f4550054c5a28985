export {
  COMPOSER_COUNTER_ANNOUNCE_DELAY,
  COMPOSER_COUNTER_FROM,
  COMPOSER_MAX_ROWS,
  Composer,
  type ComposerAttachProps,
  type ComposerContextValue,
  type ComposerInputProps,
  type ComposerMode,
  type ComposerProps,
  type ComposerRootProps,
  type ComposerToolbarItem,
  type ComposerToolbarProps,
  type ComposerVoiceProps,
  useComposer,
} from './Composer.js';
export { useVisualViewportInset } from './useVisualViewportInset.js';
