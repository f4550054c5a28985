import { type CSSProperties, forwardRef, type HTMLAttributes, lazy, Suspense } from 'react';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { ActionsContext, StatusContext, TextContext } from './context.js';
import { type ComposerStateOptions, useComposerState } from './useComposerState.js';
import { useFileDrop } from './useFileDrop.js';
import { usePastedImage } from './usePastedImage.js';
import { useVisualViewportInset } from './useVisualViewportInset.js';

// Loaded on first use, so a page where nobody pastes an image never downloads it.
const PhotoConfirm = lazy(() =>
  import('./PhotoConfirm.js').then((module) => ({ default: module.PhotoConfirm })),
);

export interface ComposerRootProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'>,
    ComposerStateOptions {
  /**
   * Keeps the composer above the on-screen keyboard (`--parley-keyboard-inset`).
   * @default true
   */
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
    counterFrom,
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
    counterFrom,
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
