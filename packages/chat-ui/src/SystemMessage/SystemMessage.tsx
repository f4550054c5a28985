import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';

/** A button shown after the notice, e.g. "Rate the service". */
export interface SystemMessageAction {
  label: string;
  onClick: () => void;
}

export interface SystemMessageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content'> {
  /** The notice, plain text. */
  content: string;
  /** An optional action button after the text. */
  action?: SystemMessageAction;
}

/**
 * A centred system notice in the conversation ("An agent joined", "The chat has ended"), with an
 * optional action button.
 *
 * @example
 * <SystemMessage content="The chat has ended." action={{ label: 'Rate us', onClick: openRating }} />
 */
export const SystemMessage = forwardRef<HTMLDivElement, SystemMessageProps>(function SystemMessage(
  { content, action, className, ...rest },
  ref,
) {
  return (
    <div ref={ref} {...rest} data-slot="system-message" className={cn('parley-system-message', className)}>
      <p className="parley-system-message__text" dir="auto">
        {content}
        {action && (
          <button type="button" className="parley-system-message__action" onClick={action.onClick}>
            {action.label}
          </button>
        )}
      </p>
    </div>
  );
});
