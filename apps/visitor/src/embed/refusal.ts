import type { EmbedLabels } from './createEmbed.js';

/**
 * What the panel shows when the chat never said it runs in its frame: the browser refused to show
 * it here (the chat server does not list this site), and tells the page nothing. The visitor gets
 * a way on in a new tab; the site's developer gets the reason in the console. Built as its own
 * small script (`embed-refusal.js`) that the loader fetches only then, so `embed.js` stays small.
 *
 * @example
 * const notice = showRefusal(panel, 'https://support.example.com', 'https://support.example.com/chat/index?channelid=7', {});
 */
export function showRefusal(
  panel: HTMLElement,
  chatOrigin: string,
  tabUrl: string,
  labels: Partial<EmbedLabels>,
): HTMLElement {
  console.error(
    `Parley: the chat at ${chatOrigin} did not start in this page. Its server does not allow ${location.origin} to frame it: add this site to the channel's sites (or FRAME_ANCESTORS) on the chat server.`,
  );
  const refusal = document.createElement('p');
  refusal.className = 'e';
  refusal.setAttribute('role', 'alert');
  const link = document.createElement('a');
  link.href = tabUrl;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = labels.openInTab ?? 'Open the chat in a new tab';
  refusal.append(
    labels.refused ?? 'The chat cannot be shown on this site.',
    document.createElement('br'),
    link,
  );
  panel.append(refusal);
  return refusal;
}
