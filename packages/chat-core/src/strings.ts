import type { EngineText } from './types.js';

/**
 * Every text the engine makes: the key of the app's catalogue and the spec's exact English
 * (sections 2, 5 and 8). Placeholders are `{name}`; the app's catalogue uses `{{name}}`.
 */
export const TEXTS = {
  unknownChannelId: ['errors.unknownChannelId', 'unknown channel id'],
  unknownChannel: ['errors.unknownChannel', 'unknown channel, {message}'],
  sessionFailed: ['errors.sessionFailed', 'failed to create session,{message}'],
  unreachable: [
    'errors.unreachable',
    'The chat service cannot be reached. Check your connection and try again.',
  ],
  generic: ['errors.generic', '{message}'],
  submitFailed: ['notices.submitFailed', 'Submit failed'],
  uploadTooLarge: ['notices.uploadTooLarge', '{name} is too large. The limit is {limit}.'],
  uploadRefused: ['notices.uploadRefused', '{name} cannot be sent: this type of file is not accepted.'],
  uploadQuota: [
    'notices.uploadQuota',
    '{name} cannot be sent: the upload limit for today is reached. Please try again later.',
  ],
  transferFailed: ['notices.transferFailed', 'Transfer to human agent failed!'],
  transcriptLimit: [
    'notices.transcriptLimit',
    'You can ask for {limit} transcripts a day. Please try again tomorrow.',
  ],
  noAgentOnline: ['notices.noAgentOnline', 'No customer service online'],
  agentRefused: ['notices.agentRefused', 'Sorry, the agent refused your chat request'],
  openedElsewhere: ['notices.openedElsewhere', 'Your chat was opened in a new window!'],
  rated: ['notices.rated', 'You rated the service'],
  agentJoined: ['chat.agentJoined', '{name} joined the chat'],
  agentLeft: [
    'chat.agentLeft',
    '{name} left the chat. You are back at the front of the queue: the next free agent will answer.',
  ],
  youEnded: ['chat.youEnded', 'You ended the chat'],
  whileAway: ['chat.whileAway', 'While you were away'],
  queuePosition: ['chat.queuePosition', 'You are number {count} in the queue. Please wait.'],
  defaultTitle: ['page.defaultTitle', 'User consultation'],
  newMessageTitle: ['page.newMessageTitle', 'You received a new message'],
} as const satisfies Record<string, readonly [string, string]>;

export type TextName = keyof typeof TEXTS;

/**
 * Builds an engine text with its values filled into the English.
 *
 * @example
 * engineText('agentJoined', { name: 'Ann' }) // { key: 'chat.agentJoined', text: 'Ann joined the chat', params: { name: 'Ann' } }
 */
export function engineText(name: TextName, params?: Record<string, string | number>): EngineText {
  const [key, english] = TEXTS[name];
  const text = english.replace(/\{(\w+)\}/g, (_, param: string) => String(params?.[param] ?? ''));
  return params ? { key, text, params } : { key, text };
}
