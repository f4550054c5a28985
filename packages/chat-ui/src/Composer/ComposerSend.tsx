import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { IconSend } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { useComposerActions, useComposerStatus } from './context.js';

/** The send button: enabled only when the input has non-blank text. */
export const ComposerSend = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ComposerSend({ className, onClick, children, ...rest }, ref) {
    const { t } = useLocale();
    const { canSend } = useComposerStatus('Send');
    const { send, inputRef } = useComposerActions('Send');
    return (
      <button
        ref={ref}
        type="button"
        aria-label={t('composer.send')}
        {...rest}
        className={cn('parley-composer__send', className)}
        data-slot="composer-send"
        disabled={!canSend}
        onClick={composeHandlers(onClick, () => {
          send();
          // Keep the keyboard open on phones and the caret ready for the next message.
          inputRef.current?.focus();
        })}
      >
        {children ?? <IconSend className="parley-icon--mirror" />}
      </button>
    );
  },
);
