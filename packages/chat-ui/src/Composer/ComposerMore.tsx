import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { IconClose, IconPlus } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers, mergeRefs } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { useComposerActions, useComposerStatus } from './context.js';

/** The "more" button: opens and closes the accessory panel (`aria-expanded`). */
export const ComposerMore = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ComposerMore({ className, onClick, ...rest }, ref) {
    const { t } = useLocale();
    const { accessoryOpen, accessoryId } = useComposerStatus('More');
    const { setAccessoryOpen, disabled, moreRef } = useComposerActions('More');
    return (
      <button
        ref={mergeRefs(ref, moreRef)}
        type="button"
        aria-label={t('composer.more')}
        aria-expanded={accessoryOpen}
        aria-controls={accessoryId}
        disabled={disabled}
        {...rest}
        className={cn('parley-composer__button', className)}
        data-slot="composer-more"
        data-state={accessoryOpen ? 'open' : 'closed'}
        onClick={composeHandlers(onClick, () => setAccessoryOpen(!accessoryOpen))}
      >
        {accessoryOpen ? <IconClose /> : <IconPlus />}
      </button>
    );
  },
);
