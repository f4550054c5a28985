import { type ButtonHTMLAttributes, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { IconChevronStart, IconClose, IconVolume, IconVolumeOff } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers, useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface SoundToggleProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'defaultValue' | 'onChange'> {
  /** Controlled: whether sound is on. */
  on?: boolean;
  /** Initial state when uncontrolled. Default true. */
  defaultOn?: boolean;
  /** Called with the new state when the visitor toggles it. */
  onOnChange?: (on: boolean) => void;
}

/**
 * A pressed-state icon button that turns notification sounds on and off. Its name stays
 * "Sound" (localized) and `aria-pressed` tells whether it is on, as WAI-ARIA toggle buttons do;
 * the icon shows a speaker or a muted speaker.
 *
 * @example
 * <SoundToggle on={soundOn} onOnChange={setSoundOn} />
 */
export const SoundToggle = forwardRef<HTMLButtonElement, SoundToggleProps>(function SoundToggle(
  { on: onProp, defaultOn = true, onOnChange, onClick, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const [on, setOn] = useControllableState(onProp, defaultOn, onOnChange);
  const Icon = on ? IconVolume : IconVolumeOff;
  return (
    <button
      ref={ref}
      type="button"
      aria-label={t('navbar.sound')}
      {...rest}
      aria-pressed={on}
      className={cn('parley-navbar__button', className)}
      data-state={on ? 'on' : 'off'}
      onClick={composeHandlers(onClick, () => setOn(!on))}
    >
      <Icon />
    </button>
  );
});

export interface NavbarProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The screen's title, e.g. the channel or agent name. */
  title?: ReactNode;
  /**
   * A second line under the title, e.g. "Usually replies in a few minutes". Not part of the
   * heading. It wraps to two lines at most; a string longer than that is cut and shown whole as a
   * tooltip.
   */
  subtitle?: ReactNode;
  /**
   * Where the title (and subtitle) sit: `center`, or `start`, beside `leading` with the slots at
   * each end taking only their room, as a messenger's header does. Without it, `start` with a
   * `subtitle`, `center` without.
   */
  titleAlign?: 'center' | 'start';
  /** Heading level of the title. Default 1; use 2 or more when the page has its own h1. */
  titleLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Shows a back button (its arrow mirrored right to left) that calls this. */
  onBack?: () => void;
  /** Replaces the back button: a logo, an avatar, an `AvatarGroup` of the team, your own button. */
  leading?: ReactNode;
  /** Shows the sound toggle. Without it, shown when `sound`, `defaultSound` or `onSoundChange` is given. */
  showSoundToggle?: boolean;
  /** Controlled: whether sound is on. */
  sound?: boolean;
  /**
   * Initial sound state when uncontrolled.
   * @default true
   */
  defaultSound?: boolean;
  /** Called with the new sound state. */
  onSoundChange?: (on: boolean) => void;
  /** Actions at the end of the bar, after the sound toggle (icon buttons, a menu). */
  actions?: ReactNode;
  /**
   * Shows a close button (an X named "Close") at the very end of the bar that calls this: for a
   * chat embedded in a panel, so the embedding page needs no bar of its own.
   */
  onClose?: () => void;
}

/**
 * The chat screen's header: an optional back button or leading slot, the title as a heading of
 * the level you choose with an optional subtitle under it, a sound toggle, a slot for actions and
 * an optional close button. Right to left, it mirrors itself and the back arrow.
 *
 * @example
 * <Navbar title="Support" onBack={() => history.back()} sound={sound} onSoundChange={setSound}
 *   actions={<button type="button" aria-label="End chat"><IconClose /></button>} />
 * <Navbar title="Acme support" subtitle="Usually replies in a few minutes"
 *   leading={<AvatarGroup avatars={team} size={32} />} defaultSound onClose={closePanel} />
 */
export const Navbar = forwardRef<HTMLElement, NavbarProps>(function Navbar(
  {
    title,
    subtitle,
    titleAlign,
    titleLevel = 1,
    onBack,
    leading,
    showSoundToggle,
    sound,
    defaultSound,
    onSoundChange,
    actions,
    onClose,
    className,
    children,
    ...rest
  },
  ref,
) {
  const { t } = useLocale();
  const Heading = `h${titleLevel}` as const;
  // A title too long for the bar is cut with an ellipsis: the tooltip shows it whole.
  const heading = title !== undefined && (
    <Heading className="parley-navbar__title" title={typeof title === 'string' ? title : undefined}>
      {title}
    </Heading>
  );
  const withSound =
    showSoundToggle ?? (sound !== undefined || defaultSound !== undefined || onSoundChange !== undefined);
  return (
    <header
      ref={ref}
      {...rest}
      data-slot="navbar"
      data-align={
        (titleAlign ?? (subtitle !== undefined ? 'start' : 'center')) === 'start' ? 'start' : undefined
      }
      className={cn('parley-navbar', className)}
    >
      <div className="parley-navbar__start">
        {leading ??
          (onBack && (
            <button
              type="button"
              className="parley-navbar__button"
              aria-label={t('navbar.back')}
              onClick={onBack}
            >
              <IconChevronStart className="parley-icon--mirror" />
            </button>
          ))}
      </div>
      {subtitle !== undefined ? (
        <div className="parley-navbar__titles">
          {heading}
          <p className="parley-navbar__subtitle" title={typeof subtitle === 'string' ? subtitle : undefined}>
            {subtitle}
          </p>
        </div>
      ) : (
        heading
      )}
      {children}
      <div data-slot="navbar-end" className="parley-navbar__end">
        {withSound && <SoundToggle on={sound} defaultOn={defaultSound} onOnChange={onSoundChange} />}
        {actions}
        {onClose && (
          <button
            type="button"
            className="parley-navbar__button"
            data-slot="navbar-close"
            aria-label={t('navbar.close')}
            onClick={onClose}
          >
            <IconClose />
          </button>
        )}
      </div>
    </header>
  );
});
