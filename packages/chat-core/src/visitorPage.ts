import { type ChatStartBody, check, visitorContextSchemas } from '@parley/chat-protocol';
import { isEmbedded, type UrlParams } from './urlParams.js';

/** What the page knows about where the visitor is and what their browser says. */
export interface VisitorPage {
  /** The page the visitor came from (`document.referrer`). */
  referrer: string;
  /** The page the visitor is on; absent: chosen by `pageUrlFor`. */
  pageUrl?: string;
  /** This page's own address (no query): the page URL when the chat is not embedded. */
  ownUrl: string;
  /** A BCP 47 tag (`navigator.language`). */
  language: string;
  /** An IANA time zone name (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
  timeZone: string;
}

type ContextField = keyof typeof visitorContextSchemas;

/** A value the server would take for `field`, else '' (absent): a chat never fails to start over one. */
function accepted(field: ContextField, value: string | undefined): string {
  if (!value) return '';
  try {
    check(visitorContextSchemas[field], value, field);
    return value;
  } catch {
    return '';
  }
}

/**
 * The chatStart fields that describe the visitor's page: the referrer as `previousUrl`, and the
 * page URL, language and time zone when the server would accept them. Embedded (`from=iframe`),
 * the page the visitor is on is the host page, which the frame knows as its referrer; otherwise
 * it is the chat page itself.
 *
 * @example
 * const page = { referrer: 'https://shop.example/cart', ownUrl: '', language: 'de-AT', timeZone: 'Etc/UTC' };
 * visitorPageFields({ from: 'iframe' }, page).pageUrl // 'https://shop.example/cart'
 * visitorPageFields({}, { ...page, language: 'de_AT' }).language // '' (not a tag: not sent)
 */
export function visitorPageFields(
  params: UrlParams,
  page: VisitorPage,
): Required<Pick<ChatStartBody, 'previousUrl' | 'pageUrl' | 'language' | 'timeZone'>> {
  const pageUrl = page.pageUrl ?? (isEmbedded(params) ? page.referrer : page.ownUrl);
  return {
    previousUrl: page.referrer,
    pageUrl: accepted('pageUrl', pageUrl),
    language: accepted('language', page.language),
    timeZone: accepted('timeZone', page.timeZone),
  };
}
