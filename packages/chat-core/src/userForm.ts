import type { Engine } from './context.js';
import { engineText } from './strings.js';
import type { ChannelInfo, ChatStartData, FormField } from './types.js';

/** Spec section 5: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** A standard address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Form values by field name. */
export type FormValues = Record<string, string>;

/**
 * Checks one value against its field: the key of the app's message for the first problem, or null.
 *
 * @example
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '123') // 'userForm.invalidPhone'
 */
export function checkFormField(field: FormField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return field.required ? 'userForm.required' : null;
  if (field.pattern)
    return safePattern(field.pattern)?.test(trimmed) === false ? 'userForm.invalidPattern' : null;
  if (field.type === 'phone') return PHONE_PATTERN.test(trimmed) ? null : 'userForm.invalidPhone';
  if (field.type === 'email') return EMAIL_PATTERN.test(trimmed) ? null : 'userForm.invalidEmail';
  return null;
}

/** A channel's pattern that does not compile is ignored rather than blocking the form. */
function safePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return undefined;
  }
}

/**
 * Spec section 4, "User form": mode 1 and a parsed config; formModal 1 always, formModal 0 only
 * when the chat start says the visitor has not filled it (userFormMode 0).
 *
 * @example
 * shouldShowUserForm(snapshot.channelInfo, snapshot.chatStart)
 */
export function shouldShowUserForm(channel: ChannelInfo, start: ChatStartData): boolean {
  const config = channel.userFormConfig;
  if (channel.userFormMode !== 1 || !config) return false;
  return config.formModal === 1 || start.userFormMode === 0;
}

/** Sends the form; on success it closes and, human-first, the automatic transfer starts. */
export async function submitUserForm(engine: Engine, values: FormValues): Promise<boolean> {
  if (!(await engine.attempt('submitUserForm', { ...values, userId: engine.get().userId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  engine.set({ openUserForm: false });
  if (engine.get().receiveMode === 3) await engine.transfer({}, true);
  return true;
}

/** What the visitor leaves when no agent can take the chat. */
export interface LeaveMessageInput {
  name?: string;
  phone?: string;
  email?: string;
  content: string;
}

/** Sends a left message; on success the form closes, else 'Submit failed'. */
export async function submitLeaveMessage(engine: Engine, input: LeaveMessageInput): Promise<boolean> {
  const { userId, channelId } = engine.get();
  if (!(await engine.attempt('leaveMsg', { ...input, userId, channelId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  engine.set({ openLeaveMsgForm: false });
  return true;
}
