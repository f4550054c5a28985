import { FormModal, ReceiveMode, Setting } from '@parley/chat-protocol';
import type { Conversation, Core, Transfer } from './context.js';
import { engineText } from './strings.js';
import type { ChannelInfo, ChatStartData, FormField, VisitorContact } from './types.js';
import type { UrlParams } from './urlParams.js';

/** Form values by field name. */
export type FormValues = Record<string, string>;

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

/** Only the details given, trimmed: an empty value is no detail. */
function given(contact: VisitorContact): VisitorContact {
  const result: VisitorContact = {};
  for (const key of ['name', 'phone', 'email'] as const) {
    const value = contact[key]?.trim();
    if (value) result[key] = value;
  }
  return result;
}

/**
 * The contact details a site passed to chat start in the page's address.
 *
 * @example
 * contactFromUrl({ userName: 'Ann', email: 'ann@example.com' }) // { name: 'Ann', email: 'ann@example.com' }
 */
export function contactFromUrl(params: UrlParams): VisitorContact {
  return given({ name: params.userName, phone: params.phone, email: params.email });
}

/**
 * The contact details in a filled user form: the fields the spec names `name`, `phone` and
 * `email`, or else the first field of the phone or e-mail type, whatever the channel named it.
 *
 * @example
 * contactFromForm([{ name: 'mobile', label: 'Mobile', type: 'phone' }], { mobile: '13800138000' })
 * // { phone: '13800138000' }
 */
export function contactFromForm(fields: readonly FormField[], values: FormValues): VisitorContact {
  const named = (name: string, type: FormField['type']) =>
    fields.find((field) => field.name === name) ?? fields.find((field) => field.type === type);
  const value = (field: FormField | undefined) => (field ? values[field.name] : undefined);
  return given({
    name: value(fields.find((field) => field.name === 'name')),
    phone: value(named('phone', 'phone')),
    email: value(named('email', 'email')),
  });
}

/**
 * Sends the form; on success it closes, its contact details are kept for forms that ask again,
 * and, human-first, the automatic transfer starts.
 */
export async function submitUserForm(
  engine: Pick<Core, 'attempt' | 'get' | 'set'> & Pick<Conversation, 'notice'> & { transfer: Transfer },
  values: FormValues,
): Promise<boolean> {
  if (!(await engine.attempt('submitUserForm', { ...values, userId: engine.get().userId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  const fields = engine.get().userFormConfig?.fields ?? [];
  engine.set((state) => ({
    openUserForm: false,
    visitorContact: { ...state.visitorContact, ...contactFromForm(fields, values) },
  }));
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

/**
 * Sends a left message; on success the form closes and its contact details are kept, else
 * 'Submit failed'.
 */
export async function submitLeaveMessage(
  engine: Pick<Core, 'attempt' | 'get' | 'set'> & Pick<Conversation, 'notice'>,
  input: LeaveMessageInput,
): Promise<boolean> {
  const { userId, channelId } = engine.get();
  if (!(await engine.attempt('leaveMsg', { ...input, userId, channelId }))) {
    engine.notice(engineText('submitFailed'));
    return false;
  }
  // What the visitor gave here is theirs for the forms that ask again (the transcript's address).
  engine.set((state) => ({
    openLeaveMsgForm: false,
    visitorContact: {
      ...state.visitorContact,
      ...given({ name: input.name, phone: input.phone, email: input.email }),
    },
  }));
  return true;
}
