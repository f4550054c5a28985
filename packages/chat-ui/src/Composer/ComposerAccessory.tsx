import { forwardRef, type HTMLAttributes, type KeyboardEvent } from 'react';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useComposerActions, useComposerStatus } from './context.js';

/** The panel under the bar, shown while the "more" button is expanded. */
export const ComposerAccessory = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function ComposerAccessory({ className, children, onKeyDown, ...rest }, ref) {
    const { accessoryOpen, accessoryId, accessoryContent } = useComposerStatus('Accessory');
    const { setAccessoryOpen, moreRef } = useComposerActions('Accessory');
    if (!accessoryOpen) return null;
    return (
      // biome-ignore lint/a11y: Escape from any control inside the panel closes it (bubbled key event)
      <div
        ref={ref}
        id={accessoryId}
        {...rest}
        onKeyDown={composeHandlers(onKeyDown, (event: KeyboardEvent<HTMLDivElement>) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          setAccessoryOpen(false);
          moreRef.current?.focus();
        })}
        className={cn('parley-composer__accessory', className)}
        data-slot="composer-accessory"
      >
        {accessoryContent ? accessoryContent() : children}
      </div>
    );
  },
);
