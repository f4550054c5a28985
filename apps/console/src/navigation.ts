import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  INBOX_VIEWS,
  type InboxQuery,
  type InboxView,
} from '@parley/chat-protocol';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

// What the console's URLs carry (router.tsx has the paths): the inbox's filters and search in the
// query of every path, a view's own query, and `useGo`, the one way the console moves between
// views. A wrong query parameter is dropped, not an error: the default list shows.

/** The administrators' pages, in their order. */
export const SETTINGS_PAGES = ['agents', 'channels', 'tokens', 'changes'] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

/** The inbox's filters and search, as the URL of every view carries them. */
export interface InboxSearch {
  view?: InboxView;
  status?: ConversationStatus | 'active';
  label?: string;
  sort?: 'activity' | 'waiting';
  /** The words searched for: the list shows the hits. */
  q?: string;
}

const STATUSES = [...CONVERSATION_STATUSES, 'active'] as const;
const SORTS = ['activity', 'waiting'] as const;
/** The longest label or search the URL carries (the contract's labels and searches are shorter). */
const MAX_TEXT = 200;

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
export const text = (value: unknown): string | undefined => {
  const kept = typeof value === 'number' ? String(value) : value;
  return typeof kept === 'string' && kept.trim() !== '' && kept.length <= MAX_TEXT ? kept : undefined;
};
/** A calendar day, `YYYY-MM-DD`. */
export const day = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;
/** The object without its undefined members: a URL names only what it sets. */
export const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** The inbox's filters from a URL's query: what is not one of their values is left out. */
export function inboxSearch(search: Record<string, unknown>): InboxSearch {
  // Every key named, undefined where the URL's value is not one: the router keeps a key this
  // leaves out as the URL had it.
  return {
    view: oneOf(INBOX_VIEWS, search.view),
    status: oneOf(STATUSES, search.status),
    label: text(search.label),
    sort: oneOf(SORTS, search.sort),
    q: text(search.q),
  };
}

/** The desk's inbox query for these filters (the defaults left out, as the desk has them). */
export function inboxQueryOf(search: InboxSearch): InboxQuery {
  return defined({
    view: search.view ?? 'mine',
    status: search.status,
    label: search.label,
    sort: search.sort,
  });
}

/** Keeps the inbox's filters (not a view's own query) when going to another view. */
export const keepInbox = (previous: Record<string, unknown>): InboxSearch => defined(inboxSearch(previous));

/**
 * Where the console goes: each view by name, the inbox's filters kept.
 *
 * @example
 * const go = useGo();
 * go.conversation('s1');
 */
export function useGo() {
  const navigate = useNavigate();
  const home = useCallback(() => navigate({ to: '/', search: keepInbox }), [navigate]);
  const conversation = useCallback(
    (sessionId: string, message?: string | null) =>
      navigate({
        to: '/conversations/$sessionId',
        params: { sessionId },
        search: (previous) => defined({ ...keepInbox(previous), message: message ?? undefined }),
      }),
    [navigate],
  );
  const mentions = useCallback(() => navigate({ to: '/mentions', search: keepInbox }), [navigate]);
  const reports = useCallback(
    (period: { from?: string; to?: string } = {}) =>
      navigate({ to: '/reports', search: (previous) => defined({ ...keepInbox(previous), ...period }) }),
    [navigate],
  );
  const settings = useCallback(
    (page: SettingsPage = 'agents') =>
      navigate({ to: '/settings/$page', params: { page }, search: keepInbox }),
    [navigate],
  );
  /** The inbox's filters changed, on the view on screen. */
  const filter = useCallback(
    (change: Partial<InboxSearch>) =>
      navigate({ to: '.', search: (previous) => defined({ ...previous, ...change }) }),
    [navigate],
  );
  return useMemo(
    () => ({ home, conversation, mentions, reports, settings, filter }),
    [home, conversation, mentions, reports, settings, filter],
  );
}
