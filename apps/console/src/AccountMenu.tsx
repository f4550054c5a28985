import {
  Menu,
  MenuCheckboxItem,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from '@parley/chat-ui/Menu';
import { useT } from './i18n/I18nProvider.js';

/** Online, away (online, no new chats) or offline, as the agent picks in their menu. */
export type Presence = 'online' | 'away' | 'offline';

export interface AccountMenuProps {
  /** The agent's nick: its first letter is the avatar, and it names the button. */
  nick: string;
  presence: Presence;
  onPresenceChange: (presence: Presence) => void;
  /** Whether the chime and notifications are muted. */
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  /** Whether to offer turning desktop notifications on (not yet asked, or refused). */
  offerNotifications: boolean;
  onEnableNotifications: () => void;
  onLanguage: () => void;
  onShortcuts: () => void;
  onLogout: () => void;
}

/**
 * The agent's avatar in the header, and its menu: their status (online, away, offline), the sound,
 * notifications, the console's language, the keyboard shortcuts, and logging out.
 *
 * @example
 * <AccountMenu nick="Ada" presence="online" onPresenceChange={setPresence} … />
 */
export function AccountMenu({
  nick,
  presence,
  onPresenceChange,
  muted,
  onMutedChange,
  offerNotifications,
  onEnableNotifications,
  onLanguage,
  onShortcuts,
  onLogout,
}: AccountMenuProps) {
  const t = useT();
  return (
    <Menu
      label={t('account.title')}
      placement="bottom-end"
      trigger={
        <button className="console-avatar" type="button" aria-label={t('account.open', { name: nick })}>
          <span aria-hidden="true" className="console-avatar__initial" data-state={presence}>
            {[...nick][0]?.toLocaleUpperCase() ?? '?'}
          </span>
        </button>
      }
    >
      <MenuRadioGroup
        label={t('account.status')}
        value={presence}
        onValueChange={(next) => onPresenceChange(next as Presence)}
      >
        <MenuRadioItem value="online">{t('admin.online')}</MenuRadioItem>
        <MenuRadioItem value="away">{t('admin.away')}</MenuRadioItem>
        <MenuRadioItem value="offline">{t('admin.offline')}</MenuRadioItem>
      </MenuRadioGroup>
      <MenuSeparator />
      <MenuCheckboxItem checked={muted} onCheckedChange={onMutedChange}>
        {t('notifications.mute')}
      </MenuCheckboxItem>
      {offerNotifications ? (
        <MenuItem onSelect={onEnableNotifications}>{t('notifications.enable')}</MenuItem>
      ) : null}
      <MenuItem onSelect={onLanguage}>{t('language.label')}</MenuItem>
      <MenuItem shortcut="?" onSelect={onShortcuts}>
        {t('shortcuts.title')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={onLogout}>{t('workspace.logout')}</MenuItem>
    </Menu>
  );
}
