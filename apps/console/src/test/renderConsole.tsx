import type { AgentTransport } from '@parley/agent-core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach } from 'vitest';
import { render } from 'vitest-browser-react';
import { answerWith } from '../api.js';
import { I18nProvider } from '../i18n/I18nProvider.js';
import { createConsoleRouter } from '../router.js';

// The whole console in a component test: its router on a memory history at a URL, its calls
// answered by agent-core's fake server. What the tests share.

let restore: ReturnType<typeof answerWith> | undefined;
let mounted: { unmount(): void } | undefined;
afterEach(() => {
  // The console goes first, then its transport: a poll still running must not reach the real one.
  mounted?.unmount();
  mounted = undefined;
  if (restore) answerWith(restore);
  restore = undefined;
  localStorage.clear();
});

/**
 * The console at `url` (under /agent/), answered by `server` (agent-core's fake, or a transport
 * in front of it), and its address bar.
 *
 * @example
 * const { screen, path } = await renderConsole(createFakeAgentServer(), '/agent/mentions');
 */
export async function renderConsole(server: { transport: AgentTransport }, url = '/agent/') {
  restore = answerWith(server.transport);
  const router = createConsoleRouter(createMemoryHistory({ initialEntries: [url] }));
  const screen = await render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  mounted = screen;
  // The address bar: what a reload or a new tab would open.
  const path = () => router.history.location.pathname + router.history.location.search;
  return { screen, router, path };
}
