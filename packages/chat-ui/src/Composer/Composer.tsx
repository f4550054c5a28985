import { type FocusEvent, forwardRef, type ReactNode } from 'react';
import { composeHandlers } from '../internal/useControllableState.js';
import { ComposerAccessory } from './ComposerAccessory.js';
import { ComposerAttach } from './ComposerAttach.js';
import { ComposerCounter } from './ComposerCounter.js';
import { ComposerInput, type ComposerInputProps } from './ComposerInput.js';
import { ComposerModeToggle } from './ComposerModeToggle.js';
import { ComposerMore } from './ComposerMore.js';
import { ComposerRoot, type ComposerRootProps } from './ComposerRoot.js';
import { ComposerSend } from './ComposerSend.js';
import { ComposerToolbar } from './ComposerToolbar.js';
import { ComposerVoice, type ComposerVoiceProps } from './ComposerVoice.js';
import { type ComposerToolbarItem, useComposerStatus } from './context.js';

export type { ComposerAttachProps } from './ComposerAttach.js';
export { COMPOSER_COUNTER_ANNOUNCE_DELAY, COMPOSER_COUNTER_FROM } from './ComposerCounter.js';
export type { ComposerInputProps } from './ComposerInput.js';
export type { ComposerRootProps } from './ComposerRoot.js';
export type { ComposerToolbarProps } from './ComposerToolbar.js';
export type { ComposerVoiceProps } from './ComposerVoice.js';
export {
  COMPOSER_MAX_ROWS,
  type ComposerContextValue,
  type ComposerMode,
  type ComposerToolbarItem,
  useComposer,
} from './context.js';

export interface ComposerProps extends Omit<ComposerRootProps, 'onFocus' | 'onBlur'> {
  /** Placeholder of the input. Without it, the locale's "Type a message". */
  placeholder?: string;
  /**
   * Rows the input grows to before it scrolls.
   * @default 5
   */
  maxRows?: number;
  /** Toolbar items; with any, a "more" button opens them in an accessory panel. */
  toolbar?: readonly ComposerToolbarItem[];
  /** Called with the chosen toolbar item. */
  onToolbarClick?: (item: ComposerToolbarItem) => void;
  /** File types of the attachment picker (shown when `onFiles` is given). Without it, any file. */
  accept?: string;
  /** Recorder options in voice mode (injectable `getUserMedia`, `MediaRecorder`, ...). */
  recorderProps?: ComposerVoiceProps;
  /** Called when the input gains focus (composed with the input's own handling). */
  onFocus?: (event: FocusEvent<HTMLTextAreaElement>) => void;
  /** Called when the input loses focus. */
  onBlur?: (event: FocusEvent<HTMLTextAreaElement>) => void;
  /** Props for the textarea. */
  inputProps?: ComposerInputProps;
}

/**
 * The message composer: text (autosizing, Enter sends) or voice (hold to talk) with a toggle,
 * a send button enabled only with text, a counter near the limit (`maxLength`, `counterFrom`), toolbar items in an
 * accessory panel, an attachment picker, pasted-image confirmation, drag-and-drop of files, and
 * it stays above the on-screen keyboard on phones.
 *
 * Compound parts build other layouts from one scoped context: `Composer.Root`, `.Input`,
 * `.Send`, `.ModeToggle`, `.Voice`, `.More`, `.Accessory`, `.Toolbar`, `.Attach`, `.Counter`.
 *
 * @example
 * <Composer
 *   onSend={(text) => chat.send(text)}
 *   onSendVoice={({ blob, duration }) => chat.sendVoice(blob, duration)}
 *   onFiles={(files) => chat.upload(files)} accept="image/*,video/*"
 *   toolbar={[{ type: 'order', title: 'My orders', icon: <IconFile /> }]}
 *   onToolbarClick={(item) => open(item.type)}
 *   maxLength={500}
 * />
 */
const ComposerAssembly = forwardRef<HTMLDivElement, ComposerProps>(function Composer(
  {
    placeholder,
    maxRows,
    toolbar,
    onToolbarClick,
    accept,
    recorderProps,
    onFocus,
    onBlur,
    inputProps,
    ...rootProps
  },
  ref,
) {
  const hasToolbar = toolbar !== undefined && toolbar.length > 0;
  return (
    <ComposerRoot ref={ref} {...rootProps}>
      <div className="parley-composer__bar">
        {rootProps.onSendVoice && <ComposerModeToggle />}
        <ComposerModeSwitch
          text={
            <ComposerInput
              placeholder={placeholder}
              maxRows={maxRows}
              {...inputProps}
              onFocus={composeHandlers(onFocus, inputProps?.onFocus ?? (() => {}))}
              onBlur={composeHandlers(onBlur, inputProps?.onBlur ?? (() => {}))}
            />
          }
          voice={<ComposerVoice {...recorderProps} />}
        />
        {rootProps.onFiles && <ComposerAttach accept={accept} />}
        {hasToolbar && <ComposerMore />}
        <ComposerModeSwitch text={<ComposerSend />} voice={null} />
      </div>
      <ComposerCounter />
      {hasToolbar && (
        <ComposerAccessory>
          <ComposerToolbar items={toolbar} onToolbarClick={onToolbarClick} />
        </ComposerAccessory>
      )}
    </ComposerRoot>
  );
});

function ComposerModeSwitch({ text, voice }: { text: ReactNode; voice: ReactNode }) {
  const { mode } = useComposerStatus('ModeSwitch');
  return <>{mode === 'voice' ? voice : text}</>;
}

export const Composer = Object.assign(ComposerAssembly, {
  Root: ComposerRoot,
  Input: ComposerInput,
  Send: ComposerSend,
  ModeToggle: ComposerModeToggle,
  Voice: ComposerVoice,
  More: ComposerMore,
  Accessory: ComposerAccessory,
  Toolbar: ComposerToolbar,
  Attach: ComposerAttach,
  Counter: ComposerCounter,
});
