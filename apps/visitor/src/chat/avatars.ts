/**
 * The avatar URL when it is an image address (http, https, or on this server), else undefined: a
 * javascript:, data: or other URL from the server is not put in the page.
 *
 * @example
 * agentAvatarUrl('https://cdn.example/ana.png'); // the URL
 * agentAvatarUrl('javascript:alert(1)'); // undefined
 */
export function agentAvatarUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
