import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { IconKeyboard, IconMic } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { useComposerActions, useComposerStatus } from './context.js';
import { loadRecorder } from './recorder.js';

/** Switches between text and voice input (`aria-pressed` is true in voice mode). */
export const ComposerModeToggle = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ComposerModeToggle({ className, onClick, ...rest }, ref) {
    const { t } = useLocale();
    const { mode } = useComposerStatus('ModeToggle');
    const { setMode, disabled, focusInputOnMount } = useComposerActions('ModeToggle');
    const voice = mode === 'voice';
    return (
      <button
        ref={ref}
        type="button"
        // Start fetching the recorder as soon as the visitor reaches for the button.
        onPointerEnter={loadRecorder}
        onFocus={loadRecorder}
        aria-label={t('composer.voice')}
        aria-pressed={voice}
        disabled={disabled}
        {...rest}
        className={cn('parley-composer__button', className)}
        data-slot="composer-mode-toggle"
        onClick={composeHandlers(onClick, () => {
          focusInputOnMount.current = voice;
          setMode(voice ? 'text' : 'voice');
        })}
      >
        {voice ? <IconKeyboard /> : <IconMic />}
      </button>
    );
  },
);
