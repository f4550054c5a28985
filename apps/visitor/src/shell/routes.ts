/** The app's pages, relative to its base path (spec section 2). */
export type Route = 'index' | 'not-found';

/**
 * Resolves a location to a page. `/` is answered with a redirect to `/index` that keeps the
 * query string and hash, as the spec asks.
 */
export function resolveRoute(
  base: string,
  location: { pathname: string; search: string; hash: string },
): { route: Route; redirectTo?: string } {
  const root = base.endsWith('/') ? base : `${base}/`;
  const path = location.pathname.startsWith(root) ? location.pathname.slice(root.length) : null;
  if (path === '' || location.pathname === root.slice(0, -1)) {
    return { route: 'index', redirectTo: `${root}index${location.search}${location.hash}` };
  }
  if (path === 'index' || path === 'index/') return { route: 'index' };
  return { route: 'not-found' };
}
