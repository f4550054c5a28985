// The string of each inbox value, written out: every key the console shows appears in its source.

export const VIEW_KEYS = {
  mine: 'inbox.view.mine',
  unassigned: 'inbox.view.unassigned',
  all: 'inbox.view.all',
} as const;

export const STATUS_KEYS = {
  open: 'inbox.statusName.open',
  pending: 'inbox.statusName.pending',
  snoozed: 'inbox.statusName.snoozed',
  resolved: 'inbox.statusName.resolved',
} as const;

export const PRIORITY_KEYS = {
  none: 'inbox.priority.none',
  low: 'inbox.priority.low',
  medium: 'inbox.priority.medium',
  high: 'inbox.priority.high',
  urgent: 'inbox.priority.urgent',
} as const;

export const SHORTCUT_KEYS = {
  next: 'shortcuts.next',
  previous: 'shortcuts.previous',
  reply: 'shortcuts.reply',
  note: 'shortcuts.note',
  canned: 'shortcuts.canned',
  label: 'shortcuts.label',
  resolve: 'shortcuts.resolve',
  snooze: 'shortcuts.snooze',
  search: 'shortcuts.search',
  join: 'shortcuts.join',
  help: 'shortcuts.help',
} as const;
