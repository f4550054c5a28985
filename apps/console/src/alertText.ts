import type { DeskAlert } from '@parley/agent-core';
import type { Translate } from './i18n/translate.js';
import { displayName } from './names.js';

// An alert of the desk as words: for desktop notifications, toasts and screen readers.

/** The longest message text a notification shows. */
const NOTIFICATION_TEXT = 160;

const clip = (text: string) =>
  text.length > NOTIFICATION_TEXT ? `${Array.from(text).slice(0, NOTIFICATION_TEXT).join('')}…` : text;

/** An alert as words: a title, and a body (the message, the channel, the colleague's note). */
export function describeAlert(alert: DeskAlert, t: Translate): { title: string; body: string } {
  // The name the inbox shows: the visitor's, else the one made from their id.
  const name = alert.visitorName || (alert.visitorId ? displayName(alert) : t('chat.visitor'));
  if (alert.kind === 'mention')
    return { title: t('notifications.mentioned', { from: alert.from ?? '' }), body: clip(alert.note ?? '') };
  if (alert.kind === 'queue')
    return { title: t('notifications.newVisitor', { name }), body: alert.channelId };
  if (alert.kind === 'chat') {
    return alert.from
      ? { title: t('notifications.transferred', { from: alert.from, name }), body: clip(alert.note ?? '') }
      : { title: t('notifications.newChat', { name }), body: alert.channelId };
  }
  const message = alert.message;
  const body = message?.fileUrl
    ? t('notifications.file', { name: message.fileName ?? message.msgContent })
    : clip(message?.msgContent ?? '');
  return { title: t('notifications.newMessage', { name }), body };
}
