import { type CSSProperties, forwardRef, type HTMLAttributes, useState } from 'react';
import { IconRobot, IconUser } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { isSafeMediaUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { MessageUser } from '../Message/model.js';

/** How many colours initials avatars take turns in (`--parley-color-avatar-1` … `-7`). */
export const AVATAR_COLORS = 7;

/**
 * The colour of a name's initials avatar, 1 to `AVATAR_COLORS`: a hash of the name, so one person
 * keeps one colour in every conversation, on the visitor's page and in the console alike.
 *
 * @example
 * avatarColor('Camille Martin') // 1 … 7, the same every time
 */
export function avatarColor(name: string): number {
  let hash = 0;
  for (const character of name.trim().toLocaleLowerCase()) {
    hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  }
  return (hash % AVATAR_COLORS) + 1;
}

/** One or two initials: the first character of the first two words, upper-cased. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

export interface AvatarProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /**
   * The person's or the assistant's name: its initials show without an image, its hash picks the
   * initials' colour (`avatarColor`), and it names the avatar for screen readers ("Avatar of
   * {name}"). Without it the avatar is decorative.
   */
  name?: string;
  /**
   * An image URL. Without it, when it is not a URL an image may have (only http, https, blob,
   * relative and `data:image` are loaded), or when it fails to load, the initials show instead (or
   * the robot for a `bot`, or a person icon without a name).
   */
  src?: string;
  /**
   * An automated sender (a robot or an AI assistant): without an image it draws the kit's robot
   * icon instead of initials, in its own colour (`--parley-color-avatar-bot`). Default false.
   */
  bot?: boolean;
  /** The diameter: CSS pixels or any CSS length. Without it, `--parley-avatar-size` (2.25rem). */
  size?: number | string;
  /**
   * Hidden from screen readers, for an avatar beside its name written out (a message's author, a
   * list of agents). Default false: the avatar is an image named "Avatar of {name}".
   */
  decorative?: boolean;
}

/** `style` with `--parley-avatar-size` set from `size` (CSS pixels or any CSS length), if given. */
function sizedStyle(
  size: number | string | undefined,
  style: CSSProperties | undefined,
): CSSProperties | undefined {
  if (size === undefined) return style;
  return { '--parley-avatar-size': typeof size === 'number' ? `${size}px` : size, ...style } as CSSProperties;
}

/**
 * A round avatar: the image when there is one that loads, otherwise the initials of the name on a
 * colour picked from the name (white on a deep colour in light mode, dark on a light one in dark
 * mode, both at least 4.5:1), or the robot icon for a `bot`. Message draws its authors with it, so
 * the visitor's page and the console can draw the same avatars anywhere else.
 *
 * @example
 * <Avatar name="Camille Martin" src={agent.avatarUrl} />
 * <Avatar name="Parley Assistant" bot size={48} />
 */
export const Avatar = /* @__PURE__ */ forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name = '', src, bot = false, size, decorative = false, className, style, ...rest },
  ref,
) {
  const { t } = useLocale();
  const [failed, setFailed] = useState<string>();
  const image = src && isSafeMediaUrl(src) && failed !== src ? src : undefined;
  const initials = bot ? '' : initialsOf(name);
  const variant = image ? 'image' : bot ? 'bot' : initials ? 'initials' : 'icon';
  const label = name.trim() && !decorative ? t('message.avatar', { name: name.trim() }) : undefined;
  const sized = sizedStyle(size, style);
  return (
    <span
      ref={ref}
      // One image as a whole, whatever draws it; without a name, nothing to say.
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-slot="avatar"
      {...rest}
      className={cn('parley-avatar', className)}
      style={sized}
      data-variant={variant}
      data-color={variant === 'initials' ? avatarColor(name) : undefined}
    >
      {image ? (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: a broken image falls back to the initials
        <img className="parley-avatar__image" src={image} alt="" onError={() => setFailed(image)} />
      ) : variant === 'bot' ? (
        <IconRobot size="60%" />
      ) : variant === 'icon' ? (
        <IconUser size="60%" />
      ) : (
        initials
      )}
    </span>
  );
});

export interface AvatarGroupProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Who to show, in order: each drawn with `Avatar` from its `name`, `avatar` image and `bot`. */
  avatars: readonly MessageUser[];
  /** How many avatars show before the rest are counted in a "+N" circle. Default 3. */
  max?: number;
  /** Each avatar's diameter: CSS pixels or any CSS length. Without it, `--parley-avatar-size` (2.25rem). */
  size?: number | string;
}

/**
 * An overlapping stack of avatars (a team, the people in a conversation): the first `max`, then
 * "+N" for the rest. Screen readers meet it as one image named by every name in the group, in the
 * locale's list form ("Camille, Ahmed and Li"), those behind "+N" included.
 *
 * @example
 * <AvatarGroup avatars={[{ name: 'Camille' }, { name: 'Ahmed', avatar: url }, { name: 'Assistant', bot: true }]} />
 */
export const AvatarGroup = /* @__PURE__ */ forwardRef<HTMLSpanElement, AvatarGroupProps>(function AvatarGroup(
  { avatars, max = 3, size, className, style, ...rest },
  ref,
) {
  const { locale } = useLocale();
  const shown = avatars.slice(0, Math.max(max, 0));
  const hiddenCount = avatars.length - shown.length;
  const names = avatars.map((user) => user.name?.trim()).filter((name): name is string => Boolean(name));
  const label =
    names.length > 0 ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(names) : undefined;
  const sized = sizedStyle(size, style);
  return (
    <span
      ref={ref}
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-slot="avatar-group"
      {...rest}
      className={cn('parley-avatar-group', className)}
      style={sized}
    >
      {shown.map((user, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: people may share a name; the order is the identity
        <Avatar key={index} name={user.name} src={user.avatar} bot={user.bot} decorative />
      ))}
      {hiddenCount > 0 && (
        <span className="parley-avatar parley-avatar-group__more" data-variant="more">
          +{new Intl.NumberFormat(locale).format(hiddenCount)}
        </span>
      )}
    </span>
  );
});
