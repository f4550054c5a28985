import { forwardRef, type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Avatar } from '../Avatar/Avatar.js';
import { Bubble } from '../Bubble/Bubble.js';
import { cn } from '../internal/cn.js';
import { isSafeMediaUrl, isSafeUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { MessageStatus } from '../MessageStatus/MessageStatus.js';
import type { MessageStatusTimers } from '../MessageStatus/useMessageStatus.js';
import { SystemMessage } from '../SystemMessage/SystemMessage.js';
import { Time } from '../Time/Time.js';
import { Typing } from '../Typing/Typing.js';
import type { MessageInput, MessageModel, MessageUser } from './model.js';

export interface MessageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content'> {
  /** The message. Missing `_id`, `createdAt`, `type` and `position` get their defaults. */
  message: MessageInput;
  /** Draws `custom` messages (and may override any type by returning something other than undefined). */
  renderContent?: (message: MessageModel) => ReactNode;
  /** Called when the visitor retries a message (every 5 000 ms while pending, and on the retry button). */
  onRetry?: (message: MessageModel) => void;
  /**
   * Who times a pending message's delivery (see `MessageStatus`).
   * @default spec
   */
  statusTimers?: MessageStatusTimers;
  /**
   * The reference moment for the relative time label.
   * @default Date.now()
   */
  now?: Date | number;
  /**
   * Shows the message's own time (14:05, the full date and time as its tooltip) beside it while the
   * pointer is over the row or the row or something in it has keyboard focus; screen readers read
   * it with the message. Not on notices or the typing indicator. Default true.
   */
  showTimeOnHover?: boolean;
}

function Author({ user, linked }: { user: MessageUser; linked: string | undefined }) {
  const name = user.name ?? '';
  const hasImage = Boolean(user.avatar && isSafeMediaUrl(user.avatar));
  if (!hasImage && !name && !user.bot) return null;
  // The name is read beside it, so drawn initials or the robot stay hidden; an image keeps its alt.
  const avatar = (
    <Avatar
      className="parley-message__avatar"
      data-slot="message-avatar"
      name={name}
      src={user.avatar}
      bot={user.bot}
      decorative={!hasImage}
    />
  );
  // With a name, the name is the link (one stop for the keyboard); the avatar links only alone.
  if (!linked || name) return avatar;
  return (
    <a className="parley-message__avatar-link" href={linked} target="_blank" rel="noopener noreferrer">
      {avatar}
    </a>
  );
}

function Name({ name, linked }: { name: string; linked: string | undefined }) {
  const { t } = useLocale();
  return linked ? (
    <a className="parley-message__name" href={linked} target="_blank" rel="noopener noreferrer" dir="auto">
      {name}
      <span className="parley-visually-hidden"> {t('link.newTab')}</span>
    </a>
  ) : (
    <span className="parley-message__name" dir="auto">
      {name}
    </span>
  );
}

/**
 * One row of the conversation: the time label when `hasTime`, the author (an `Avatar`: the image,
 * initials on a colour of their own, or the robot for a `bot`; the name; an optional profile link), and the content by type: `text` in a Bubble, `system` as a
 * SystemMessage, `typing` as the Typing indicator, `custom` through `renderContent`. The visitor's
 * own messages (position `right`) show their delivery status, and "Seen" under the bubble once read. In a group (`group`, decided by
 * MessageList) the name shows on the first message only (later ones keep it for screen readers),
 * the avatar on the last only, and the bubbles join. Each message's own time (14:05) shows beside
 * it on hover and keyboard focus (`showTimeOnHover`); screen readers read it with the message.
 *
 * @example
 * <Message message={{ content: 'Hello', user: { name: 'Camille Martin' } }} />
 * <Message message={{ type: 'custom', content: order }} renderContent={(m) => <OrderCard order={m.content} />} />
 */
export const Message = forwardRef<HTMLDivElement, MessageProps>(function Message(
  { message: input, renderContent, onRetry, statusTimers, now, showTimeOnHover = true, className, ...rest },
  ref,
) {
  const fallbackId = useId();
  const [mountedAt] = useState(Date.now);
  const message: MessageModel = {
    ...input,
    _id: input._id ?? fallbackId,
    type: input.type ?? 'text',
    position: input.position ?? 'left',
    createdAt: input.createdAt === undefined ? mountedAt : new Date(input.createdAt).getTime(),
  };
  const { type, position, user, status } = message;
  const linked = user?.url && isSafeUrl(user.url) ? user.url : undefined;
  const custom = renderContent?.(message);
  const classes = cn('parley-message', className);

  let body: ReactNode;
  if (custom !== undefined) body = custom;
  else if (type === 'system') body = <SystemMessage content={String(message.content ?? '')} />;
  else if (type === 'typing') body = <Typing />;
  else if (type === 'text') body = <Bubble content={String(message.content ?? '')} position={position} />;
  else body = null;

  const isNotice = type === 'system' || position === 'pop';
  // In a group, the name shows at its start and the avatar at its end; a follow-up keeps the name
  // for screen readers, who meet each message on its own.
  const group = message.group ?? 'single';
  const opensGroup = group === 'single' || group === 'first';
  const closesGroup = group === 'single' || group === 'last';
  return (
    <div
      ref={ref}
      {...rest}
      className={classes}
      data-slot="message"
      data-position={position}
      data-type={type}
      data-group={message.group}
      data-message-id={message._id}
      aria-busy={message.streaming || undefined}
    >
      {message.hasTime && (
        <div className="parley-message__time">
          <Time date={message.createdAt} variant="relative" now={now} />
        </div>
      )}
      {isNotice ? (
        body
      ) : (
        <div className="parley-message__row">
          {user &&
            (closesGroup ? (
              <Author user={user} linked={linked} />
            ) : (
              <span className="parley-message__avatar-space" aria-hidden="true" />
            ))}
          <div className="parley-message__main">
            {user?.name &&
              position === 'left' &&
              (opensGroup ? (
                <Name name={user.name} linked={linked} />
              ) : (
                <span className="parley-visually-hidden">{user.name}</span>
              ))}
            <div className="parley-message__content">
              {body}
              {position === 'right' && status && status !== 'read' && (
                <MessageStatus
                  status={status}
                  timers={statusTimers}
                  onRetry={onRetry ? () => onRetry(message) : undefined}
                />
              )}
              {showTimeOnHover && type !== 'typing' && (
                <Time
                  className="parley-message__stamp"
                  data-slot="message-time"
                  date={message.createdAt}
                  variant="short"
                />
              )}
            </div>
            {/* "Seen" goes under the bubble, where it reads as the message's last word. */}
            {position === 'right' && status === 'read' && <MessageStatus status="read" />}
          </div>
        </div>
      )}
    </div>
  );
});
