import {
  checkFormField as checkField,
  FormModal,
  type FormProblem,
  ReceiveMode,
  Setting,
} from '@parley/chat-protocol';
import type { Conversation, Core, Transfer } from './context.js';
import { engineText } from './strings.js';
import type { ChannelInfo, ChatStartData, FormField } from './types.js';

export { EMAIL_PATTERN, PHONE_PATTERN } from '@parley/chat-protocol';

/** Form values by field name. */
export type FormValues = Record<string, string>;

/** The page's message for each problem the contract's form check finds. */
const PROBLEM_KEYS: Record<FormProblem, string> = {
  required: 'userForm.required',
  invalidPattern: 'userForm.invalidPattern',
  invalidPhone: 'userForm.invalidPhone',
  invalidEmail: 'userForm.invalidEmail',
  // A select only offers its options; a value outside them reads as "not in the expected format".
  notAnOption: 'userForm.invalidPattern',
};

/**
 * Checks one value against its field with the contract's check (the server runs the same one):
 * the key of the app's message for the first problem, or null.
 *
 * @example
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '123') // 'userForm.invalidPhone'
 */
export function checkFormField(field: FormField, value: string): string | null {
  const problem = checkField(field, value);
  return problem && PROBLEM_KEYS[problem];
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
  if (channel.userFormMode !== Setting.on || !config) return false;
  return config.formModal === FormModal.always || start.userFormMode === Setting.off;
}

/** Sends the form; on success it closes and, human-first, the automatic transfer starts. */
export async function submitUserForm(
  engine: Pick<Core, 'attempt' | 'get' | 'set'> & Pick<Conversation, 'notice'> & { transfer: Transfer },
  values: FormValues,
): Promise<boolean> {
  if (!(await engine.attempt('submitUserForm', { ...values, userId: engine.get().userId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  engine.set({ openUserForm: false });
  if (engine.get().receiveMode === ReceiveMode.human) await engine.transfer({}, true);
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
export async function submitLeaveMessage(
  engine: Pick<Core, 'attempt' | 'get' | 'set'> & Pick<Conversation, 'notice'>,
  input: LeaveMessageInput,
): Promise<boolean> {
  const { userId, channelId } = engine.get();
  if (!(await engine.attempt('leaveMsg', { ...input, userId, channelId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  engine.set({ openLeaveMsgForm: false });
  return true;
}
