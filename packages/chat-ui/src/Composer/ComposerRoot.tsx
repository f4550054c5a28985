import { type CSSProperties, forwardRef, type HTMLAttributes, lazy, Suspense } from 'react';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { Recording } from '../Recorder/useRecorder.js';
import { ActionsContext, type ComposerMode, StatusContext, TextContext } from './context.js';
import { useComposerState } from './useComposerState.js';
import { useFileDrop } from './useFileDrop.js';
import { usePastedImage } from './usePastedImage.js';
import { useVisualViewportInset } from './useVisualViewportInset.js';

// Loaded on first use, so a page where nobody pastes an image never downloads it.
const PhotoConfirm = lazy(() =>
  import('./PhotoConfirm.js').then((module) => ({ default: module.PhotoConfirm })),
);

export interface ComposerRootProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> {
  /** Controlled text. */
  value?: string;
  /** Initial text when uncontrolled. */
  defaultValue?: string;
  /** Called with the new text on every change (after truncation to `maxLength`). */
  onChange?: (text: string) => void;
  /** Called with the trimmed text when the visitor sends; the input is then cleared. Never called with blank text. */
  onSend?: (text: string) => void;
  /** Called with the text on every keystroke, for a typing indicator (throttle it in your app). */
  onTyping?: (text: string) => void;
  /** Longest text allowed: longer input (typing, paste, `value`) is cut, and a counter shows. */
  maxLength?: number;
  /** Controlled input mode. */
  mode?: ComposerMode;
  /** Initial mode when uncontrolled. Default `text`. */
  defaultMode?: ComposerMode;
  /** Called when the mode changes. */
  onModeChange?: (mode: ComposerMode) => void;
  /** Called with a voice recording (voice mode). */
  onSendVoice?: (recording: Recording) => void;
  /** Called with files from the picker, a drop, or a pasted image the visitor confirmed. */
  onFiles?: (files: File[]) => void;
  /** Disables input and every button. */
  disabled?: boolean;
  /** Keeps the composer above the on-screen keyboard (`--parley-keyboard-inset`). Default true. */
  avoidKeyboard?: boolean;
}

/**
 * The scoped contexts every Composer part reads. Handles sending, the text/voice mode, pasted
 * images (asks before sending them), files dropped on it (`data-dragging` while dragging) and the
 * on-screen keyboard inset.
 */
export const ComposerRoot = forwardRef<HTMLDivElement, ComposerRootProps>(function ComposerRoot(
  {
    value,
    defaultValue,
    onChange,
    onSend,
    onTyping,
    maxLength,
    mode,
    defaultMode,
    onModeChange,
    onSendVoice,
    onFiles,
    disabled = false,
    avoidKeyboard = true,
    className,
    style,
    children,
    onPaste,
    onDragEnter,
    onDragOver,
    onDragLeave,
    onDrop,
    ...rest
  },
  ref,
) {
  const { t } = useLocale();
  const { text, status, actions } = useComposerState({
    value,
    defaultValue,
    onChange,
    onSend,
    onTyping,
    maxLength,
    mode,
    defaultMode,
    onModeChange,
    onSendVoice,
    onFiles,
    disabled,
  });
  const takesFiles = !disabled && onFiles !== undefined;
  const { dragging, dropHandlers } = useFileDrop<HTMLDivElement>({
    enabled: takesFiles,
    onFiles: actions.addFiles,
    handlers: { onDragEnter, onDragOver, onDragLeave, onDrop },
  });
  const pasted = usePastedImage(takesFiles);
  const inset = useVisualViewportInset(avoidKeyboard);

  return (
    <ActionsContext.Provider value={actions}>
      <StatusContext.Provider value={status}>
        <TextContext.Provider value={text}>
          <div
            ref={ref}
            {...rest}
            {...dropHandlers}
            onPaste={composeHandlers(onPaste, pasted.onPaste)}
            className={cn('parley-composer', className)}
            style={{ '--parley-keyboard-inset': `${inset}px`, ...style } as CSSProperties}
            data-slot="composer"
            data-mode={status.mode}
            data-dragging={dragging ? '' : undefined}
            data-disabled={disabled ? '' : undefined}
          >
            {children}
            {dragging && (
              <div className="parley-composer__drop" aria-hidden="true">
                {t('composer.drop')}
              </div>
            )}
            {pasted.asked && (
              <Suspense fallback={null}>
                <PhotoConfirm
                  file={pasted.image}
                  onClose={pasted.clear}
                  onSend={(file) => {
                    pasted.clear();
                    actions.addFiles([file]);
                  }}
                />
              </Suspense>
            )}
          </div>
        </TextContext.Provider>
      </StatusContext.Provider>
    </ActionsContext.Provider>
  );
});
