import type { ProxyOptions } from 'vite';

/**
 * What a Vite dev server of the visitor page or the agent console passes to the reference server
 * (`npm run dev`): the APIs and the uploaded files. The Host header stays as the browser sent it
 * (`changeOrigin: false`; Vite's shorthand would rewrite it), so the agent API's same-origin check
 * compares the dev server's origin with itself.
 */
export function serverRoutes(server = 'http://127.0.0.1:3000'): Record<string, ProxyOptions> {
  const route: ProxyOptions = { target: server, changeOrigin: false };
  return { '/api': route, '/uploads': route };
}
