import { Menu, MenuRadioGroup, MenuRadioItem } from '@parley/chat-ui/Menu';
import { useT } from './i18n/I18nProvider.js';

/** One choice of an inbox filter: its value in the URL, its name, and how many it holds if known. */
export interface FilterChoice {
  value: string;
  label: string;
  count?: number;
}

/**
 * One of the inbox's filters as a menu button: the button says the filter and its choice
 * ("Status: Open"), its menu holds the choices as radio items with the current one checked.
 * The kit's menu gives the keyboard: Enter, Space or ArrowDown open it, the arrows move, Escape
 * closes it and focus goes back to the button.
 *
 * @example
 * <InboxFilter name="Order" value="activity" choices={orders} onChoose={(sort) => show({ sort })} />
 */
export function InboxFilter({
  name,
  value,
  choices,
  onChoose,
}: {
  name: string;
  value: string;
  choices: readonly FilterChoice[];
  onChoose: (value: string) => void;
}) {
  const t = useT();
  // A label from the URL shows before the labels to pick from have loaded.
  const choice = choices.find((one) => one.value === value)?.label ?? value;
  return (
    <Menu
      label={name}
      trigger={
        <button className="console-button console-button--small console-filter" type="button">
          {t('inbox.filterChoice', { filter: name, choice })}
        </button>
      }
    >
      <MenuRadioGroup value={value} onValueChange={onChoose}>
        {choices.map((one) => (
          <MenuRadioItem key={one.value} value={one.value} textValue={one.label}>
            {one.count === undefined ? one.label : `${one.label} (${one.count})`}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </Menu>
  );
}
