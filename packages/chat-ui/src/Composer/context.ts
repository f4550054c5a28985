import { createContext, type ReactNode, type RefObject, useContext } from 'react';
import type { Recording } from '../Recorder/useRecorder.js';

/** Text or voice input (spec section 4). */
export type ComposerMode = 'text' | 'voice';

/** A toolbar item (spec section 3), shown in the accessory panel opened by the "more" button. */
export interface ComposerToolbarItem {
  /** Your identifier for the action, e.g. `image`, `order`, `emoji`. */
  type: string;
  /** The visible, accessible label. */
  title: string;
  /** An icon element, e.g. `<IconImage />`. Decorative. */
  icon?: ReactNode;
  /** An image URL used as the icon. Decorative. */
  img?: string;
  /** Content that replaces the item grid in the accessory panel when the item is chosen (an emoji picker, say). */
  render?: () => ReactNode;
}

/** Default number of rows the input grows to before it scrolls. */
export const COMPOSER_MAX_ROWS = 5;

/** Cuts text to `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** The text: it changes on every key, so only the parts that show it read it. */
export interface ComposerText {
  value: string;
}

/** What changes now and then: the mode, whether sending is possible, the accessory panel. */
export interface ComposerStatus {
  mode: ComposerMode;
  canSend: boolean;
  maxLength?: number;
  /** The text length from which the counter shows (see `ComposerStateOptions.counterFrom`). */
  counterFrom?: number;
  accessoryId: string;
  accessoryOpen: boolean;
  accessoryContent: (() => ReactNode) | null;
}

/** What parts do: stable across keys, so a part that only acts (Attach) never renders for a key. */
export interface ComposerActions {
  setValue: (text: string) => void;
  setMode: (mode: ComposerMode) => void;
  send: () => void;
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Set by the mode toggle: the input takes focus when it comes back. */
  focusInputOnMount: RefObject<boolean>;
  moreRef: RefObject<HTMLButtonElement | null>;
  setAccessoryOpen: (open: boolean) => void;
  setAccessoryContent: (render: (() => ReactNode) | null) => void;
  addFiles: (files: File[]) => void;
  onTyping?: (text: string) => void;
  onSendVoice?: (recording: Recording) => void;
}

/** What `useComposer` returns: the whole state of the nearest Composer.Root. */
export type ComposerContextValue = ComposerText & ComposerStatus & ComposerActions;

export const TextContext = createContext<ComposerText | null>(null);
export const StatusContext = createContext<ComposerStatus | null>(null);
export const ActionsContext = createContext<ComposerActions | null>(null);

function read<T>(context: T | null, part: string): T {
  if (!context) throw new Error(`Composer.${part} must be inside Composer.Root`);
  return context;
}

/** The text, for the parts that show it. */
export const useComposerText = (part: string) => read(useContext(TextContext), part);
/** The mode, `canSend` and the accessory panel. */
export const useComposerStatus = (part: string) => read(useContext(StatusContext), part);
/** The actions and refs; a part reading only these does not render on each key. */
export const useComposerActions = (part: string) => read(useContext(ActionsContext), part);

/**
 * The nearest Composer.Root's state, for parts of your own: the text and `setValue`, `send`,
 * `canSend`, the mode, `addFiles`, the accessory panel. Throws outside a Composer.Root. A part
 * using it renders on every key; the kit's own parts read only the slice they need.
 *
 * @example
 * function Emoji({ emoji }: { emoji: string }) {
 *   const { value, setValue } = useComposer();
 *   return <button type="button" onClick={() => setValue(value + emoji)}>{emoji}</button>;
 * }
 */
export function useComposer(part = 'useComposer'): ComposerContextValue {
  return { ...useComposerText(part), ...useComposerStatus(part), ...useComposerActions(part) };
}
