import type { Decorator } from '@storybook/react-vite';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import { I18nProvider } from '../i18n/I18nProvider.js';
import { CONSOLE_LANGUAGE_KEY } from '../i18n/languages.js';
import { readStored, writeStored } from '../storage.js';

// What the console's stories share: the console's strings in English whatever the visitor of
// Storybook chose before, and a router for the parts that link to the console's views.

let staged = 0;
let unstage = () => {};

/** English while at least one console story is on screen (a docs page shows several at once). */
function stageEnglish(): () => void {
  if (staged++ === 0) {
    const stored = readStored(CONSOLE_LANGUAGE_KEY);
    writeStored(CONSOLE_LANGUAGE_KEY, 'en');
    unstage = () => writeStored(CONSOLE_LANGUAGE_KEY, stored);
  }
  return () => {
    if (--staged === 0) unstage();
  };
}

/** The console's strings around a story, in English. */
export const ConsoleStrings: Decorator = (Story) => {
  // A layout effect: it runs before the provider reads the stored language.
  useLayoutEffect(stageEnglish, []);
  return (
    <I18nProvider>
      <Story />
    </I18nProvider>
  );
};

const Page = createContext<ReactNode>(null);

/** Every page of the story's router: what the story gives it. */
function StoryPage() {
  return useContext(Page);
}

/**
 * A router on a memory history at `url` (under /agent/) whose every page is `children`: for a
 * part with links (they need a router to resolve and to mark the current one), without the server.
 *
 * @example
 * <StoryRouter url="/agent/mentions"><Rail inboxCount={3} unseenMentions={0} isAdmin /></StoryRouter>
 */
export function StoryRouter({ url = '/agent/', children }: { url?: string; children: ReactNode }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: StoryPage }),
      history: createMemoryHistory({ initialEntries: [url] }),
      basepath: '/agent',
    }),
  );
  return (
    <Page.Provider value={children}>
      <RouterProvider router={router} />
    </Page.Provider>
  );
}
