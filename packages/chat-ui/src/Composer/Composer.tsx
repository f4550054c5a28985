import {
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type ClipboardEvent,
  type CSSProperties,
  createContext,
  type DragEvent,
  type FocusEvent,
  forwardRef,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  type TextareaHTMLAttributes,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IconClose, IconKeyboard, IconMic, IconPaperclip, IconPlus, IconSend } from '../Icon/icons.js';
import { composeHandlers, mergeRefs, useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { RecorderProps } from '../Recorder/Recorder.js';
import type { Recording } from '../Recorder/useRecorder.js';
import { useVisualViewportInset } from './useVisualViewportInset.js';

// Loaded on first use, so a page that only ever types never downloads them.
const loadRecorder = () => import('../Recorder/Recorder.js');
const Recorder = lazy(() => loadRecorder().then((module) => ({ default: module.Recorder })));
const PhotoConfirm = lazy(() =>
  import('./PhotoConfirm.js').then((module) => ({ default: module.PhotoConfirm })),
);

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

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Cuts text to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** What `useComposer` returns. */
export interface ComposerContextValue {
  value: string;
  setValue: (text: string) => void;
  mode: ComposerMode;
  setMode: (mode: ComposerMode) => void;
  canSend: boolean;
  send: () => void;
  maxLength?: number;
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Set by the mode toggle: the input takes focus when it comes back. */
  focusInputOnMount: RefObject<boolean>;
  moreRef: RefObject<HTMLButtonElement | null>;
  accessoryId: string;
  accessoryOpen: boolean;
  setAccessoryOpen: (open: boolean) => void;
  accessoryContent: (() => ReactNode) | null;
  setAccessoryContent: (render: (() => ReactNode) | null) => void;
  addFiles: (files: File[]) => void;
  onTyping?: (text: string) => void;
  onSendVoice?: (recording: Recording) => void;
}

const ComposerContext = createContext<ComposerContextValue | null>(null);

/**
 * The nearest Composer.Root's state, for parts of your own: the text and `setValue`, `send`,
 * `canSend`, the mode, `addFiles`, the accessory panel. Throws outside a Composer.Root.
 *
 * @example
 * function Emoji({ emoji }: { emoji: string }) {
 *   const { value, setValue } = useComposer();
 *   return <button type="button" onClick={() => setValue(value + emoji)}>{emoji}</button>;
 * }
 */
export function useComposer(part = 'useComposer'): ComposerContextValue {
  const context = useContext(ComposerContext);
  if (!context) throw new Error(`Composer.${part} must be inside Composer.Root`);
  return context;
}

export interface ComposerRootProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> {
  /** Controlled text. */
  value?: string;
  /** Initial text when uncontrolled. */
  defaultValue?: string;
  /** Called with the new text on every change (after truncation to `maxLength`). */
  onChange?: (text: string) => void;
  /** Called with the trimmed text when the visitor sends; the input is then cleared. Never called with blank text. */
  onSend?: (text: string) => void;
  /** Called with the text on every keystroke, for a typing indicator (throttle it in your app). */
  onTyping?: (text: string) => void;
  /** Longest text allowed: longer input (typing, paste, `value`) is cut, and a counter shows. */
  maxLength?: number;
  /** Controlled input mode. */
  mode?: ComposerMode;
  /** Initial mode when uncontrolled. Default `text`. */
  defaultMode?: ComposerMode;
  /** Called when the mode changes. */
  onModeChange?: (mode: ComposerMode) => void;
  /** Called with a voice recording (voice mode). */
  onSendVoice?: (recording: Recording) => void;
  /** Called with files from the picker, a drop, or a pasted image the visitor confirmed. */
  onFiles?: (files: File[]) => void;
  /** Disables input and every button. */
  disabled?: boolean;
  /** Keeps the composer above the on-screen keyboard (`--parley-keyboard-inset`). Default true. */
  avoidKeyboard?: boolean;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The scoped context every Composer part reads. Handles sending, the text/voice mode, pasted
 * images (asks before sending them), files dropped on it (`data-dragging` while dragging) and the
 * on-screen keyboard inset.
 */
const ComposerRoot = forwardRef<HTMLDivElement, ComposerRootProps>(function ComposerRoot(
  {
    value: valueProp,
    defaultValue = '',
    onChange,
    onSend,
    onTyping,
    maxLength,
    mode: modeProp,
    defaultMode = 'text',
    onModeChange,
    onSendVoice,
    onFiles,
    disabled = false,
    avoidKeyboard = true,
    className,
    style,
    children,
    onPaste,
    onDragEnter,
    onDragOver,
    onDragLeave,
    onDrop,
    ...rest
  },
  ref,
) {
  const { t } = useLocale();
  const [rawValue, setRawValue] = useControllableState(valueProp, defaultValue, onChange);
  const value = truncate(rawValue, maxLength);
  const [mode, setMode] = useControllableState(modeProp, defaultMode, onModeChange);
  const [accessoryOpen, setAccessoryOpen] = useState(false);
  const [accessoryContent, setAccessoryContentState] = useState<(() => ReactNode) | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  // The confirmation dialog mounts with the first pasted image and stays (for its closing focus).
  const [photoAsked, setPhotoAsked] = useState(false);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInputOnMount = useRef(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const accessoryId = useId();
  const inset = useVisualViewportInset(avoidKeyboard);

  const setValue = useCallback(
    (text: string) => setRawValue(truncate(text, maxLength)),
    [setRawValue, maxLength],
  );
  const canSend = !disabled && value.trim().length > 0;
  const send = useCallback(() => {
    const text = value.trim();
    if (disabled || !text) return;
    onSend?.(text);
    setRawValue('');
  }, [value, disabled, onSend, setRawValue]);
  const addFiles = useCallback((files: File[]) => files.length > 0 && onFiles?.(files), [onFiles]);
  const setAccessoryContent = useCallback(
    (render: (() => ReactNode) | null) => setAccessoryContentState(() => render),
    [],
  );
  const openAccessory = useCallback((open: boolean) => {
    setAccessoryOpen(open);
    if (!open) setAccessoryContentState(null);
  }, []);

  const context = useMemo<ComposerContextValue>(
    () => ({
      value,
      setValue,
      mode,
      setMode,
      canSend,
      send,
      maxLength,
      disabled,
      inputRef,
      focusInputOnMount,
      moreRef,
      accessoryId,
      accessoryOpen,
      setAccessoryOpen: openAccessory,
      accessoryContent,
      setAccessoryContent,
      addFiles,
      onTyping,
      onSendVoice,
    }),
    [
      value,
      setValue,
      mode,
      setMode,
      canSend,
      send,
      maxLength,
      disabled,
      accessoryId,
      accessoryOpen,
      openAccessory,
      accessoryContent,
      setAccessoryContent,
      addFiles,
      onTyping,
      onSendVoice,
    ],
  );

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (disabled || !onFiles) return;
    const image = Array.from(event.clipboardData?.files ?? []).find((file) => file.type.startsWith('image/'));
    if (!image) return;
    event.preventDefault();
    setPhotoAsked(true);
    setPhoto(image);
  };

  const dropHandlers = {
    onDragEnter: composeHandlers(onDragEnter, (event: DragEvent<HTMLDivElement>) => {
      if (disabled || !onFiles || !hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    }),
    onDragOver: composeHandlers(onDragOver, (event: DragEvent<HTMLDivElement>) => {
      if (disabled || !onFiles || !hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }),
    onDragLeave: composeHandlers(onDragLeave, () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    }),
    onDrop: composeHandlers(onDrop, (event: DragEvent<HTMLDivElement>) => {
      dragDepth.current = 0;
      setDragging(false);
      if (disabled || !onFiles || !hasFiles(event)) return;
      event.preventDefault();
      addFiles(Array.from(event.dataTransfer.files));
    }),
  };

  const classes = className ? `parley-composer ${className}` : 'parley-composer';
  return (
    <ComposerContext.Provider value={context}>
      <div
        ref={ref}
        {...rest}
        {...dropHandlers}
        onPaste={composeHandlers(onPaste, handlePaste)}
        className={classes}
        style={{ '--parley-keyboard-inset': `${inset}px`, ...style } as CSSProperties}
        data-mode={mode}
        data-dragging={dragging ? '' : undefined}
        data-disabled={disabled ? '' : undefined}
      >
        {children}
        {dragging && (
          <div className="parley-composer__drop" aria-hidden="true">
            {t('composer.drop')}
          </div>
        )}
        {photoAsked && (
          <Suspense fallback={null}>
            <PhotoConfirm
              file={photo}
              onClose={() => setPhoto(null)}
              onSend={(file) => {
                setPhoto(null);
                addFiles([file]);
              }}
            />
          </Suspense>
        )}
      </div>
    </ComposerContext.Provider>
  );
});

export interface ComposerInputProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue'> {
  /** Rows the input grows to before it scrolls. Default 5. */
  maxRows?: number;
}

/**
 * The autosizing text input. Enter sends, Shift+Enter adds a line, and Enter while an input
 * method is composing (Chinese, Japanese, ...) never sends.
 */
const ComposerInput = forwardRef<HTMLTextAreaElement, ComposerInputProps>(function ComposerInput(
  { maxRows = COMPOSER_MAX_ROWS, className, onChange, onKeyDown, onFocus, placeholder, ...rest },
  ref,
) {
  const { t } = useLocale();
  const composer = useComposer('Input');
  const {
    value,
    setValue,
    send,
    maxLength,
    disabled,
    inputRef,
    onTyping,
    setAccessoryOpen,
    focusInputOnMount,
  } = composer;

  // Back from voice mode with the toggle: continue typing without another click.
  useEffect(() => {
    if (!focusInputOnMount.current) return;
    focusInputOnMount.current = false;
    inputRef.current?.focus();
  }, [focusInputOnMount, inputRef]);

  // Runs again whenever the text changes: its height follows it.
  useIsomorphicLayoutEffect(() => {
    const input = inputRef.current;
    if (input) autosize(input, maxRows);
  }, [value, maxRows, inputRef]);

  // Lines wrap differently when the width changes (rotation, resized panel).
  useEffect(() => {
    const input = inputRef.current;
    if (!input || typeof ResizeObserver === 'undefined') return;
    let width = input.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (input.clientWidth === width) return;
      width = input.clientWidth;
      // Next frame: resizing the observed element inside its own callback loops the observer.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => autosize(input, maxRows));
    });
    observer.observe(input);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [maxRows, inputRef]);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = truncate(event.target.value, maxLength);
    setValue(next);
    onTyping?.(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: the IME is still composing (Safari reports isComposing false on the last Enter).
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  const classes = className ? `parley-composer__input ${className}` : 'parley-composer__input';
  return (
    <textarea
      ref={mergeRefs(ref, inputRef)}
      rows={1}
      aria-label={t('composer.label')}
      placeholder={placeholder ?? t('composer.placeholder')}
      enterKeyHint="send"
      maxLength={maxLength}
      disabled={disabled}
      {...rest}
      className={classes}
      value={value}
      onChange={composeHandlers(onChange, handleChange)}
      onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
      onFocus={composeHandlers(onFocus, (_event: FocusEvent<HTMLTextAreaElement>) => setAccessoryOpen(false))}
    />
  );
});

/** Fits the textarea's height to its text, up to `maxRows` lines; beyond that it scrolls. */
function autosize(input: HTMLTextAreaElement, maxRows: number) {
  const style = getComputedStyle(input);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
  const borders = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
  const limit =
    lineHeight * maxRows +
    Number.parseFloat(style.paddingTop) +
    Number.parseFloat(style.paddingBottom) +
    borders;
  input.style.height = 'auto';
  const needed = input.scrollHeight + borders;
  input.style.height = `${Math.min(needed, limit)}px`;
  input.style.overflowY = needed > limit + 1 ? 'auto' : 'hidden';
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

/** The send button: enabled only when the input has non-blank text. */
const ComposerSend = forwardRef<HTMLButtonElement, ButtonProps>(function ComposerSend(
  { className, onClick, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { canSend, send, inputRef } = useComposer('Send');
  return (
    <button
      ref={ref}
      type="button"
      aria-label={t('composer.send')}
      {...rest}
      className={className ? `parley-composer__send ${className}` : 'parley-composer__send'}
      disabled={!canSend}
      onClick={composeHandlers(onClick, () => {
        send();
        // Keep the keyboard open on phones and the caret ready for the next message.
        inputRef.current?.focus();
      })}
    >
      {children ?? <IconSend className="parley-icon--mirror" />}
    </button>
  );
});

/** Switches between text and voice input (`aria-pressed` is true in voice mode). */
const ComposerModeToggle = forwardRef<HTMLButtonElement, ButtonProps>(function ComposerModeToggle(
  { className, onClick, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { mode, setMode, disabled, focusInputOnMount } = useComposer('ModeToggle');
  const voice = mode === 'voice';
  return (
    <button
      ref={ref}
      type="button"
      // Start fetching the recorder as soon as the visitor reaches for the button.
      onPointerEnter={loadRecorder}
      onFocus={loadRecorder}
      aria-label={t('composer.voice')}
      aria-pressed={voice}
      disabled={disabled}
      {...rest}
      className={className ? `parley-composer__button ${className}` : 'parley-composer__button'}
      onClick={composeHandlers(onClick, () => {
        focusInputOnMount.current = voice;
        setMode(voice ? 'text' : 'voice');
      })}
    >
      {voice ? <IconKeyboard /> : <IconMic />}
    </button>
  );
});

export type ComposerVoiceProps = Omit<RecorderProps, 'onSend'>;

/** The hold-to-talk Recorder, shown in voice mode; sends through the Root's `onSendVoice`. */
function ComposerVoice(props: ComposerVoiceProps) {
  const { mode, onSendVoice, disabled } = useComposer('Voice');
  const { t } = useLocale();
  if (mode !== 'voice') return null;
  // While the recorder downloads: its button, inert, so nothing moves when it arrives.
  const loading = (
    <div className="parley-recorder" data-state="inited" aria-busy="true">
      <button type="button" className="parley-recorder__button" disabled>
        <IconMic />
        <span className="parley-recorder__label">{t('recorder.hold')}</span>
      </button>
    </div>
  );
  return (
    <Suspense fallback={loading}>
      <Recorder disabled={disabled} {...props} onSend={onSendVoice} />
    </Suspense>
  );
}

/** The "more" button: opens and closes the accessory panel (`aria-expanded`). */
const ComposerMore = forwardRef<HTMLButtonElement, ButtonProps>(function ComposerMore(
  { className, onClick, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { accessoryOpen, setAccessoryOpen, accessoryId, disabled, moreRef } = useComposer('More');
  return (
    <button
      ref={mergeRefs(ref, moreRef)}
      type="button"
      aria-label={t('composer.more')}
      aria-expanded={accessoryOpen}
      aria-controls={accessoryId}
      disabled={disabled}
      {...rest}
      className={className ? `parley-composer__button ${className}` : 'parley-composer__button'}
      data-state={accessoryOpen ? 'open' : 'closed'}
      onClick={composeHandlers(onClick, () => setAccessoryOpen(!accessoryOpen))}
    >
      {accessoryOpen ? <IconClose /> : <IconPlus />}
    </button>
  );
});

/** The panel under the bar, shown while the "more" button is expanded. */
const ComposerAccessory = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function ComposerAccessory({ className, children, onKeyDown, ...rest }, ref) {
    const { accessoryOpen, accessoryId, accessoryContent, setAccessoryOpen, moreRef } =
      useComposer('Accessory');
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
        className={className ? `parley-composer__accessory ${className}` : 'parley-composer__accessory'}
      >
        {accessoryContent ? accessoryContent() : children}
      </div>
    );
  },
);

export interface ComposerToolbarProps extends HTMLAttributes<HTMLDivElement> {
  /** The actions. */
  items: readonly ComposerToolbarItem[];
  /** Called with the chosen item. An item with `render` shows its content in the panel instead. */
  onToolbarClick?: (item: ComposerToolbarItem) => void;
}

/** The grid of toolbar items, usually inside `Composer.Accessory`. */
const ComposerToolbar = forwardRef<HTMLDivElement, ComposerToolbarProps>(function ComposerToolbar(
  { items, onToolbarClick, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { setAccessoryOpen, setAccessoryContent, disabled } = useComposer('Toolbar');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form section
    <div
      ref={ref}
      role="group"
      aria-label={t('composer.more')}
      {...rest}
      className={className ? `parley-composer__toolbar ${className}` : 'parley-composer__toolbar'}
    >
      {items.map((item) => (
        <button
          key={item.type}
          type="button"
          className="parley-composer__tool"
          data-type={item.type}
          disabled={disabled}
          onClick={() => {
            onToolbarClick?.(item);
            if (item.render) setAccessoryContent(item.render);
            else setAccessoryOpen(false);
          }}
        >
          <span className="parley-composer__tool-icon" aria-hidden="true">
            {item.img ? <img src={item.img} alt="" /> : item.icon}
          </span>
          <span className="parley-composer__tool-title">{item.title}</span>
        </button>
      ))}
    </div>
  );
});

export interface ComposerAttachProps extends Omit<ButtonProps, 'onChange'> {
  /** File types the picker offers, e.g. `image/*`, `image/*,video/*`, `audio/*`. Default any file. */
  accept?: string;
  /** Allow several files at once. Default true. */
  multiple?: boolean;
  /** Props for the hidden file input. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** A button that opens the file picker; chosen files go to the Root's `onFiles`. */
const ComposerAttach = forwardRef<HTMLButtonElement, ComposerAttachProps>(function ComposerAttach(
  { accept, multiple = true, inputProps, className, onClick, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { addFiles, disabled } = useComposer('Attach');
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-label={t('composer.attach')}
        disabled={disabled}
        {...rest}
        className={className ? `parley-composer__button ${className}` : 'parley-composer__button'}
        onClick={composeHandlers(onClick, () => fileRef.current?.click())}
      >
        {children ?? <IconPaperclip />}
      </button>
      <input
        ref={fileRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        {...inputProps}
        onChange={(event) => {
          inputProps?.onChange?.(event);
          addFiles(Array.from(event.target.files ?? []));
          // Choosing the same file twice in a row still fires a change.
          event.target.value = '';
        }}
      />
    </>
  );
});

/** Whether a counter is near its limit: the last 10 % (at least 10 characters). */
function nearLimit(count: number, max: number): boolean {
  return max - count <= Math.max(10, Math.ceil(max * 0.1));
}

/** Typing pause before the counter is announced, so a screen reader does not talk over each key. */
export const COMPOSER_COUNTER_ANNOUNCE_DELAY = 500;

/**
 * `count/max` under the input when `maxLength` is set (not in voice mode). Near the limit (the last 10 %, at least
 * 10 characters) it is announced politely once typing pauses.
 */
const ComposerCounter = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ComposerCounter(
  { className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { value, maxLength, mode } = useComposer('Counter');
  const count = value.length;
  const near = maxLength !== undefined && nearLimit(count, maxLength);
  const message = near ? t('composer.counter', { count, max: maxLength }) : '';
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (!message) {
      setAnnounced('');
      return;
    }
    const timer = setTimeout(() => setAnnounced(message), COMPOSER_COUNTER_ANNOUNCE_DELAY);
    return () => clearTimeout(timer);
  }, [message]);
  // Voice mode has no text to count.
  if (maxLength === undefined || mode === 'voice') return null;
  return (
    <div
      ref={ref}
      {...rest}
      className={className ? `parley-composer__counter ${className}` : 'parley-composer__counter'}
      data-state={count >= maxLength ? 'full' : near ? 'near' : undefined}
    >
      <span aria-hidden="true">
        {count}/{maxLength}
      </span>
      <span className="parley-visually-hidden" role="status">
        {announced}
      </span>
    </div>
  );
});

export interface ComposerProps extends Omit<ComposerRootProps, 'onFocus' | 'onBlur'> {
  /** Placeholder of the input. Default from the locale. */
  placeholder?: string;
  /** Rows the input grows to before it scrolls. Default 5. */
  maxRows?: number;
  /** Toolbar items; with any, a "more" button opens them in an accessory panel. */
  toolbar?: readonly ComposerToolbarItem[];
  /** Called with the chosen toolbar item. */
  onToolbarClick?: (item: ComposerToolbarItem) => void;
  /** File types of the attachment picker (shown when `onFiles` is given). Default any file. */
  accept?: string;
  /** Recorder options in voice mode (injectable `getUserMedia`, `MediaRecorder`, ...). */
  recorderProps?: ComposerVoiceProps;
  /** Called when the input gains focus (composed with the input's own handling). */
  onFocus?: (event: FocusEvent<HTMLTextAreaElement>) => void;
  /** Called when the input loses focus. */
  onBlur?: (event: FocusEvent<HTMLTextAreaElement>) => void;
  /** Props for the textarea. */
  inputProps?: ComposerInputProps;
}

/**
 * The message composer: text (autosizing, Enter sends) or voice (hold to talk) with a toggle,
 * a send button enabled only with text, an optional counter (`maxLength`), toolbar items in an
 * accessory panel, an attachment picker, pasted-image confirmation, drag-and-drop of files, and
 * it stays above the on-screen keyboard on phones.
 *
 * Compound parts build other layouts from one scoped context: `Composer.Root`, `.Input`,
 * `.Send`, `.ModeToggle`, `.Voice`, `.More`, `.Accessory`, `.Toolbar`, `.Attach`, `.Counter`.
 *
 * @example
 * <Composer
 *   onSend={(text) => chat.send(text)}
 *   onSendVoice={({ blob, duration }) => chat.sendVoice(blob, duration)}
 *   onFiles={(files) => chat.upload(files)} accept="image/*,video/*"
 *   toolbar={[{ type: 'order', title: 'My orders', icon: <IconFile /> }]}
 *   onToolbarClick={(item) => open(item.type)}
 *   maxLength={500}
 * />
 */
const ComposerAssembly = forwardRef<HTMLDivElement, ComposerProps>(function Composer(
  {
    placeholder,
    maxRows,
    toolbar,
    onToolbarClick,
    accept,
    recorderProps,
    onFocus,
    onBlur,
    inputProps,
    ...rootProps
  },
  ref,
) {
  const hasToolbar = toolbar !== undefined && toolbar.length > 0;
  return (
    <ComposerRoot ref={ref} {...rootProps}>
      <div className="parley-composer__bar">
        {rootProps.onSendVoice && <ComposerModeToggle />}
        <ComposerModeSwitch
          text={
            <ComposerInput
              placeholder={placeholder}
              maxRows={maxRows}
              {...inputProps}
              onFocus={composeHandlers(onFocus, inputProps?.onFocus ?? (() => {}))}
              onBlur={composeHandlers(onBlur, inputProps?.onBlur ?? (() => {}))}
            />
          }
          voice={<ComposerVoice {...recorderProps} />}
        />
        {rootProps.onFiles && <ComposerAttach accept={accept} />}
        {hasToolbar && <ComposerMore />}
        <ComposerModeSwitch text={<ComposerSend />} voice={null} />
      </div>
      <ComposerCounter />
      {hasToolbar && (
        <ComposerAccessory>
          <ComposerToolbar items={toolbar} onToolbarClick={onToolbarClick} />
        </ComposerAccessory>
      )}
    </ComposerRoot>
  );
});

function ComposerModeSwitch({ text, voice }: { text: ReactNode; voice: ReactNode }) {
  const { mode } = useComposer('ModeSwitch');
  return <>{mode === 'voice' ? voice : text}</>;
}

export const Composer = Object.assign(ComposerAssembly, {
  Root: ComposerRoot,
  Input: ComposerInput,
  Send: ComposerSend,
  ModeToggle: ComposerModeToggle,
  Voice: ComposerVoice,
  More: ComposerMore,
  Accessory: ComposerAccessory,
  Toolbar: ComposerToolbar,
  Attach: ComposerAttach,
  Counter: ComposerCounter,
});
