import {
  autoUpdate,
  FloatingFocusManager,
  FloatingList,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListItem,
  useListNavigation,
  useMergeRefs,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import {
  type ButtonHTMLAttributes,
  Children,
  createContext,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';
import { IconCheck } from '../Icon/icons.js';
import { childRef, cloneTrigger } from '../internal/cloneTrigger.js';
import { cn } from '../internal/cn.js';
import { useControllableState } from '../internal/useControllableState.js';

interface MenuContextValue {
  activeIndex: number | null;
  getItemProps: ReturnType<typeof useInteractions>['getItemProps'];
  close: () => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenuContext(part: string): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error(`${part} must be rendered inside a <Menu>`);
  return context;
}

export interface MenuProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The button that opens the menu. It gets `aria-haspopup="menu"`, `aria-expanded` and `aria-controls`. */
  trigger: ReactElement;
  /** The items: `MenuItem`, `MenuCheckboxItem`, `MenuRadioGroup`, `MenuGroup`, `MenuSeparator`. */
  children: ReactNode;
  /** The menu's accessible name. Without it, the menu is named by its trigger. */
  label?: string;
  /**
   * Preferred side; it flips and shifts to stay on screen. `start` and `end` follow the writing
   * direction, so in right to left the menu lines up with the trigger's right edge.
   * @default 'bottom-start'
   */
  placement?: Placement;
  /** Controlled open state. */
  open?: boolean;
  /**
   * Initial state when uncontrolled.
   * @default false
   */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu button (WAI-ARIA "Menu Button" and "Menu"): Enter, Space or ArrowDown open the menu on
 * its first item, ArrowUp on its last; a click opens it with focus on the menu itself, so no item
 * is highlighted under a still pointer. Arrows move (wrapping), Home and End go to the
 * ends, typing a letter goes to the next item starting with it. Choosing an item, Escape or an
 * outside click closes it and focus returns to the trigger; Tab closes it and moves on. Disabled
 * items are skipped. Positioned with @floating-ui (flips, shifts, limits its height) and rendered
 * next to its trigger, so it keeps the theme and direction of its place.
 *
 * Every item, radio and checkbox ones too, closes the menu when chosen: a status or a setting is
 * one choice, and the checked mark is there to read the current state when the menu opens again.
 *
 * @example
 * <Menu label="Conversation actions" trigger={<button type="button">More actions</button>}>
 *   <MenuItem onSelect={transfer}>Transfer</MenuItem>
 *   <MenuItem onSelect={snooze} shortcut="S">Snooze</MenuItem>
 *   <MenuSeparator />
 *   <MenuItem variant="danger" onSelect={refuse}>Refuse</MenuItem>
 * </Menu>
 */
export function Menu({
  trigger,
  children,
  label,
  placement = 'bottom-start',
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
  style,
  ...rest
}: MenuProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const elementsRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  const {
    refs,
    floatingStyles,
    context,
    placement: finalPlacement,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxBlockSize = `${Math.max(120, availableHeight)}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, {
      listRef: elementsRef,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
    }),
    useTypeahead(context, {
      listRef: labelsRef,
      activeIndex,
      onMatch: (index) => {
        if (open) setActiveIndex(index);
      },
    }),
  ]);
  const ref = useMergeRefs([refs.setReference, childRef(trigger)]);
  const button = cloneTrigger(trigger, getReferenceProps({ ref, ...(trigger.props as object) }));
  return (
    <>
      {button}
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={0}>
          <div
            ref={refs.setFloating}
            {...getFloatingProps(rest)}
            // Named by its trigger (floating-ui's default) unless a label is given.
            {...(label !== undefined && { 'aria-label': label, 'aria-labelledby': undefined })}
            className={cn('parley-menu', className)}
            data-slot="menu"
            data-side={finalPlacement.split('-')[0]}
            style={{ ...floatingStyles, ...style }}
          >
            <MenuContext.Provider value={{ activeIndex, getItemProps, close: () => setOpen(false) }}>
              <FloatingList elementsRef={elementsRef} labelsRef={labelsRef}>
                {children}
              </FloatingList>
            </MenuContext.Provider>
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}

/** The plain text of a node, for typeahead. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return Children.toArray(node).map(textOf).join('');
}

interface ItemBaseProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onSelect' | 'role'> {
  /** The item's label. */
  children: ReactNode;
  /** A decorative icon before the label. */
  icon?: ReactNode;
  /**
   * A keyboard shortcut the product handles elsewhere, shown as a hint at the end ("Ctrl+S").
   * Give the item `aria-keyshortcuts` too, to tell screen readers.
   */
  shortcut?: string;
  /**
   * The text typing matches (typeahead). Without it, the label's text.
   */
  textValue?: string;
  /**
   * `danger` draws an item that ends or refuses something in the danger colour.
   * @default 'default'
   */
  variant?: 'default' | 'danger';
}

interface MenuItemBaseProps extends ItemBaseProps {
  role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox';
  checked?: boolean;
  onChoose: () => void;
}

const MenuItemBase = forwardRef<HTMLButtonElement, MenuItemBaseProps>(function MenuItemBase(
  {
    role,
    checked,
    onChoose,
    children,
    icon,
    shortcut,
    textValue,
    variant = 'default',
    disabled,
    className,
    ...rest
  },
  forwardedRef,
) {
  const menu = useMenuContext('A menu item');
  const item = useListItem({ label: textValue ?? textOf(children) });
  const ref = useMergeRefs([item.ref, forwardedRef]);
  const active = menu.activeIndex === item.index;
  const indicator = role !== 'menuitem';
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is menuitemradio or menuitemcheckbox whenever aria-checked is set
    <button
      {...menu.getItemProps({
        ...rest,
        onClick(event: React.MouseEvent<HTMLButtonElement>) {
          rest.onClick?.(event);
          if (event.defaultPrevented) return;
          onChoose();
          menu.close();
        },
      })}
      ref={ref}
      type="button"
      role={role}
      aria-checked={indicator ? Boolean(checked) : undefined}
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn('parley-menu__item', className)}
      data-slot="menu-item"
      data-variant={variant}
      data-active={active ? '' : undefined}
      data-state={indicator ? (checked ? 'checked' : 'unchecked') : undefined}
    >
      {indicator && (
        <span className="parley-menu__indicator" aria-hidden="true">
          {checked && <IconCheck />}
        </span>
      )}
      {icon !== undefined && (
        <span className="parley-menu__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="parley-menu__label">{children}</span>
      {shortcut !== undefined && (
        <span className="parley-menu__shortcut" aria-hidden="true">
          {shortcut}
        </span>
      )}
    </button>
  );
});

export interface MenuItemProps extends ItemBaseProps {
  /** Called once when the item is chosen (click, Enter or Space); the menu then closes. */
  onSelect?: () => void;
}

/**
 * An action in a `Menu` (`role="menuitem"`). A disabled item is skipped by the arrows and
 * typeahead and cannot be chosen.
 *
 * @example
 * <MenuItem icon={<IconUser />} onSelect={transfer}>Transfer</MenuItem>
 */
export const MenuItem = forwardRef<HTMLButtonElement, MenuItemProps>(function MenuItem(
  { onSelect, ...props },
  ref,
) {
  return <MenuItemBase {...props} ref={ref} role="menuitem" onChoose={() => onSelect?.()} />;
});

export interface MenuCheckboxItemProps extends ItemBaseProps {
  /** Whether the item is checked (`aria-checked`). */
  checked: boolean;
  /** Called with the new state when the item is chosen; the menu then closes. */
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * An on/off setting in a `Menu` (`role="menuitemcheckbox"`), with a check mark when on.
 *
 * @example
 * <MenuCheckboxItem checked={sound} onCheckedChange={setSound}>Sound</MenuCheckboxItem>
 */
export const MenuCheckboxItem = forwardRef<HTMLButtonElement, MenuCheckboxItemProps>(
  function MenuCheckboxItem({ checked, onCheckedChange, ...props }, ref) {
    return (
      <MenuItemBase
        {...props}
        ref={ref}
        role="menuitemcheckbox"
        checked={checked}
        onChoose={() => onCheckedChange?.(!checked)}
      />
    );
  },
);

interface RadioGroupContextValue {
  value: string | undefined;
  onValueChange?: (value: string) => void;
}

const RadioGroupContext = createContext<RadioGroupContextValue | null>(null);

export interface MenuRadioGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** The checked item's `value`. */
  value: string | undefined;
  /** Called with an item's `value` when it is chosen. */
  onValueChange?: (value: string) => void;
  /** The group's accessible name, when no `MenuGroup` label names it already. */
  label?: string;
}

/**
 * One choice among `MenuRadioItem`s (`role="group"`); the item whose `value` equals the group's
 * `value` is checked.
 *
 * @example
 * <MenuRadioGroup label="Status" value={status} onValueChange={setStatus}>
 *   <MenuRadioItem value="online">Online</MenuRadioItem>
 *   <MenuRadioItem value="away">Away</MenuRadioItem>
 * </MenuRadioGroup>
 */
export function MenuRadioGroup({
  value,
  onValueChange,
  label,
  children,
  className,
  ...rest
}: MenuRadioGroupProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a menu's group holds menu items, which a fieldset cannot
    <div
      role="group"
      aria-label={label}
      {...rest}
      className={cn('parley-menu__group', className)}
      data-slot="menu-radio-group"
    >
      <RadioGroupContext.Provider value={{ value, onValueChange }}>{children}</RadioGroupContext.Provider>
    </div>
  );
}

export interface MenuRadioItemProps extends ItemBaseProps {
  /** The value the group reports when this item is chosen. */
  value: string;
}

/**
 * One option of a `MenuRadioGroup` (`role="menuitemradio"`, `aria-checked`).
 *
 * @example
 * <MenuRadioItem value="away">Away</MenuRadioItem>
 */
export const MenuRadioItem = forwardRef<HTMLButtonElement, MenuRadioItemProps>(function MenuRadioItem(
  { value, ...props },
  ref,
) {
  const group = useContext(RadioGroupContext);
  if (!group) throw new Error('A MenuRadioItem must be rendered inside a <MenuRadioGroup>');
  return (
    <MenuItemBase
      {...props}
      ref={ref}
      role="menuitemradio"
      checked={group.value === value}
      onChoose={() => group.onValueChange?.(value)}
    />
  );
});

export interface MenuGroupProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** A visible heading that names the group. */
  label: ReactNode;
}

/**
 * Items that belong together under a visible heading (`role="group"`, `aria-labelledby`).
 *
 * @example
 * <MenuGroup label="Language">
 *   <MenuItem onSelect={() => setLanguage('fr-FR')}>Français</MenuItem>
 * </MenuGroup>
 */
export function MenuGroup({ label, children, className, ...rest }: MenuGroupProps) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a menu's group holds menu items, which a fieldset cannot
    <div
      role="group"
      aria-labelledby={labelId}
      {...rest}
      className={cn('parley-menu__group', className)}
      data-slot="menu-group"
    >
      <div id={labelId} className="parley-menu__group-label">
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * A line between groups of items (an `<hr>`, `role="separator"`); arrows pass over it.
 *
 * @example
 * <MenuSeparator />
 */
export function MenuSeparator({ className, ...rest }: HTMLAttributes<HTMLHRElement>) {
  return <hr {...rest} className={cn('parley-menu__separator', className)} data-slot="menu-separator" />;
}
