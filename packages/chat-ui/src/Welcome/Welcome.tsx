import { type ButtonHTMLAttributes, forwardRef, type HTMLAttributes, type ReactNode, useId } from 'react';
import { AvatarGroup } from '../Avatar/Avatar.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { MessageUser } from '../Message/model.js';

/** Whether someone is there to answer now. */
export type WelcomeStatus = 'online' | 'away' | 'offline';

export interface WelcomeProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The heading, e.g. "Hi there 👋" or the team's name. It also names the card for screen readers. */
  title: ReactNode;
  /** The heading's level. Default 2 (the page or the chat's header has the level 1). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Who answers: the team's agents, or the robot (`bot: true`), drawn larger as an `AvatarGroup`
   * above the title (three, then "+N").
   */
  avatars?: readonly MessageUser[];
  /** The greeting under the title. */
  text?: ReactNode;
  /** What to expect, e.g. "Usually replies in under 5 minutes" or "We're back at 9:00". */
  expectation?: ReactNode;
  /**
   * Whether someone is there now: a dot beside the expectation with its label ("Online", "Away",
   * "Offline"), so it is never told by colour alone.
   */
  status?: WelcomeStatus;
  /** The first actions: buttons, e.g. `<Welcome.Action>Start a conversation</Welcome.Action>`. */
  children?: ReactNode;
}

/**
 * The first screen of a conversation, which sets expectations: who answers (the team's avatars,
 * or the robot's), the greeting, the usual reply time or the working hours with a labelled status,
 * and the first actions. A centred card for the top of an empty conversation, at home from a
 * 320 px phone to a desktop panel, right to left included. It is a region named by its title.
 *
 * @example
 * <Welcome title="Hi, we're Acme support" avatars={team} text="Ask us anything about your order."
 *   expectation="Usually replies in under 5 minutes" status="online">
 *   <Welcome.Action onClick={start}>Start a conversation</Welcome.Action>
 * </Welcome>
 */
export const WelcomeRoot = forwardRef<HTMLElement, WelcomeProps>(function Welcome(
  { title, headingLevel = 2, avatars, text, expectation, status, children, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      {...rest}
      data-slot="welcome"
      data-status={status}
      className={cn('parley-welcome', className)}
    >
      {avatars && avatars.length > 0 && (
        <AvatarGroup className="parley-welcome__avatars" avatars={avatars} size="3rem" />
      )}
      <Heading id={headingId} className="parley-welcome__title" dir="auto">
        {title}
      </Heading>
      {text !== undefined && (
        <div className="parley-welcome__text" dir="auto">
          {text}
        </div>
      )}
      {(expectation !== undefined || status) && (
        <p className="parley-welcome__expectation">
          {status && (
            <span className="parley-welcome__status" data-slot="welcome-status" data-status={status}>
              <span className="parley-welcome__dot" aria-hidden="true" />
              {t(`welcome.${status}`)}
            </span>
          )}
          {expectation !== undefined && <span dir="auto">{expectation}</span>}
        </p>
      )}
      {children !== undefined && <div className="parley-welcome__actions">{children}</div>}
    </section>
  );
});

export interface WelcomeActionProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary` (filled in the brand colour) for the main action, `secondary` for the others. Default `primary`. */
  variant?: 'primary' | 'secondary';
}

/**
 * A first action of the Welcome card: a full-width button in the kit's look.
 *
 * @example
 * <Welcome.Action onClick={start}>Start a conversation</Welcome.Action>
 * <Welcome.Action variant="secondary" onClick={openFaq}>Browse the help center</Welcome.Action>
 */
export const WelcomeAction = forwardRef<HTMLButtonElement, WelcomeActionProps>(function WelcomeAction(
  { variant = 'primary', type = 'button', className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      {...rest}
      data-variant={variant}
      className={cn('parley-welcome__action', className)}
    />
  );
});

export const Welcome = Object.assign(WelcomeRoot, { Action: WelcomeAction });
