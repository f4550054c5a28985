import { generatedName } from '@parley/chat-protocol';

/**
 * The visitor's name as the console shows it everywhere (inbox, queue, chat, transfer, alerts):
 * theirs, else a readable name made from their id.
 *
 * @example
 * displayName({ visitorName: '', visitorId: 'v_8c1f' }) // 'Swift Otter'
 */
export const displayName = (row: { visitorName: string; visitorId: string }) =>
  row.visitorName || generatedName(row.visitorId);
