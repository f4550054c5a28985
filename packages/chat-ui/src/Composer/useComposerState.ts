import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useControllableState } from '../internal/useControllableState.js';
import type { Recording } from '../Recorder/useRecorder.js';
import {
  type ComposerActions,
  type ComposerMode,
  type ComposerStatus,
  type ComposerText,
  truncate,
} from './context.js';

/** A composer's state, controlled or not, and what it calls. */
export interface ComposerStateOptions {
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
  /** Longest text allowed: longer input (typing, paste, `value`) is cut, and a counter shows near it. */
  maxLength?: number;
  /**
   * The counter shows once the text has this many characters; default 80 % of `maxLength`
   * (rounded up). `0` shows it all the time.
   */
  counterFrom?: number;
  /** Controlled input mode. */
  mode?: ComposerMode;
  /**
   * Initial mode when uncontrolled.
   * @default text
   */
  defaultMode?: ComposerMode;
  /** Called when the mode changes. */
  onModeChange?: (mode: ComposerMode) => void;
  /** Called with a voice recording (voice mode). */
  onSendVoice?: (recording: Recording) => void;
  /** Called with files from the picker, a drop, or a pasted image the visitor confirmed. */
  onFiles?: (files: File[]) => void;
  /**
   * Disables input and every button.
   * @default false
   */
  disabled?: boolean;
}

/** The latest value in a ref, so a stable callback can call the caller's newest handler. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * A composer's state, controlled or not, in three slices that change at different rates: the
 * text (every key), the status (mode, `canSend`, the accessory panel) and the actions (stable:
 * they read the text and the caller's handlers through refs).
 *
 * @example
 * const { text, status, actions } = useComposerState({ onSend: (text) => chat.send(text) });
 */
export function useComposerState({
  value: valueProp,
  defaultValue = '',
  onChange,
  onSend,
  onTyping,
  maxLength,
  counterFrom,
  mode: modeProp,
  defaultMode = 'text',
  onModeChange,
  onSendVoice,
  onFiles,
  disabled = false,
}: ComposerStateOptions) {
  const [rawValue, setRawValue] = useControllableState(valueProp, defaultValue, onChange);
  const value = truncate(rawValue, maxLength);
  const [mode, setMode] = useControllableState(modeProp, defaultMode, onModeChange);
  const [accessoryOpen, setAccessoryOpen] = useState(false);
  const [accessoryContent, setAccessoryContentState] = useState<(() => ReactNode) | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInputOnMount = useRef(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const accessoryId = useId();
  const latest = useLatest({ value, disabled, onSend, onFiles, onTyping, onSendVoice });

  const setValue = useCallback(
    (text: string) => setRawValue(truncate(text, maxLength)),
    [setRawValue, maxLength],
  );
  const send = useCallback(() => {
    const { value, disabled, onSend } = latest.current;
    const text = value.trim();
    if (disabled || !text) return;
    onSend?.(text);
    setRawValue('');
  }, [latest, setRawValue]);
  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length > 0) latest.current.onFiles?.(files);
    },
    [latest],
  );
  const typing = useCallback((text: string) => latest.current.onTyping?.(text), [latest]);
  const sendVoice = useCallback((recording: Recording) => latest.current.onSendVoice?.(recording), [latest]);
  const setAccessoryContent = useCallback(
    (render: (() => ReactNode) | null) => setAccessoryContentState(() => render),
    [],
  );
  const openAccessory = useCallback((open: boolean) => {
    setAccessoryOpen(open);
    if (!open) setAccessoryContentState(null);
  }, []);

  const canSend = !disabled && value.trim().length > 0;
  const text = useMemo<ComposerText>(() => ({ value }), [value]);
  const status = useMemo<ComposerStatus>(
    () => ({ mode, canSend, maxLength, counterFrom, accessoryId, accessoryOpen, accessoryContent }),
    [mode, canSend, maxLength, counterFrom, accessoryId, accessoryOpen, accessoryContent],
  );
  const hasTyping = onTyping !== undefined;
  const hasVoice = onSendVoice !== undefined;
  const actions = useMemo<ComposerActions>(
    () => ({
      setValue,
      setMode,
      send,
      disabled,
      inputRef,
      focusInputOnMount,
      moreRef,
      setAccessoryOpen: openAccessory,
      setAccessoryContent,
      addFiles,
      onTyping: hasTyping ? typing : undefined,
      onSendVoice: hasVoice ? sendVoice : undefined,
    }),
    [
      setValue,
      setMode,
      send,
      disabled,
      openAccessory,
      setAccessoryContent,
      addFiles,
      hasTyping,
      typing,
      hasVoice,
      sendVoice,
    ],
  );
  return { text, status, actions };
}
