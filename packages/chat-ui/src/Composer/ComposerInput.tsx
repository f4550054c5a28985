import {
  type ChangeEvent,
  type FocusEvent,
  forwardRef,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useEffect,
} from 'react';
import { cn } from '../internal/cn.js';
import { composeHandlers, mergeRefs } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import {
  COMPOSER_MAX_ROWS,
  truncate,
  useComposerActions,
  useComposerStatus,
  useComposerText,
} from './context.js';
import { useAutosize } from './useAutosize.js';

export interface ComposerInputProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue'> {
  /** Rows the input grows to before it scrolls. Default 5. */
  maxRows?: number;
}

/**
 * The autosizing text input. Enter sends, Shift+Enter adds a line, and Enter while an input
 * method is composing (Chinese, Japanese, ...) never sends.
 */
export const ComposerInput = forwardRef<HTMLTextAreaElement, ComposerInputProps>(function ComposerInput(
  { maxRows = COMPOSER_MAX_ROWS, className, onChange, onKeyDown, onFocus, placeholder, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { value } = useComposerText('Input');
  const { maxLength } = useComposerStatus('Input');
  const { setValue, send, disabled, inputRef, onTyping, setAccessoryOpen, focusInputOnMount } =
    useComposerActions('Input');

  // Back from voice mode with the toggle: continue typing without another click.
  useEffect(() => {
    if (!focusInputOnMount.current) return;
    focusInputOnMount.current = false;
    inputRef.current?.focus();
  }, [focusInputOnMount, inputRef]);

  useAutosize(inputRef, value, maxRows);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = truncate(event.target.value, maxLength);
    setValue(next);
    onTyping?.(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: the IME is still composing (Safari reports isComposing false on the last Enter).
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <textarea
      ref={mergeRefs(ref, inputRef)}
      rows={1}
      aria-label={t('composer.label')}
      placeholder={placeholder ?? t('composer.placeholder')}
      enterKeyHint="send"
      maxLength={maxLength}
      disabled={disabled}
      {...rest}
      className={cn('parley-composer__input', className)}
      data-slot="composer-input"
      value={value}
      onChange={composeHandlers(onChange, handleChange)}
      onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
      onFocus={composeHandlers(onFocus, (_event: FocusEvent<HTMLTextAreaElement>) => setAccessoryOpen(false))}
    />
  );
});
