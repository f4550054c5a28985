import type { EmbedOptions } from './createEmbed.js';

/** Attributes passed on to the chat page as query parameters (lower-cased). */
const PARAMETERS = [
  'channelId',
  'groupId',
  'adminId',
  'username',
  'email',
  'phone',
  'pid',
  'pidSignature',
  'params',
  'storage',
];

/**
 * The loader's options from its script tag's data attributes: the chat page's parameters, the
 * launcher's corner, the labels (`data-label-open-in-tab` replaces `labels.openInTab`) and the
 * greeting. A `data-greeting-delay` that is not a number of seconds is ignored with a warning.
 *
 * @example
 * scriptOptions(script.dataset, script.src)
 * // { chatUrl: 'https://support.example.com/chat/index', params: { channelid: '7' }, ... }
 */
export function scriptOptions(data: DOMStringMap, src: string): EmbedOptions {
  const params: Record<string, string> = {};
  for (const name of PARAMETERS) {
    const value = data[name];
    if (value) params[name.toLowerCase()] = value;
  }
  const labels: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (value && /^label./.test(name)) labels[name.charAt(5).toLowerCase() + name.slice(6)] = value;
  }
  const delay = data.greetingDelay;
  const seconds = Number(delay);
  // At most a day: longer overflows the browser's timer, which would then fire at once.
  const valid = delay && seconds >= 0 && seconds <= 86_400;
  if (delay && !valid)
    console.warn(`Parley: data-greeting-delay="${delay}" is not a number of seconds: ignored.`);
  return {
    chatUrl: new URL('index', src).href,
    params,
    position: data.position === 'left' ? 'left' : 'right',
    labels,
    greeting: data.greeting,
    greetingDelay: valid ? seconds * 1000 : undefined,
  };
}
