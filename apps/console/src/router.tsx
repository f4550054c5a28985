import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { App } from './App.js';
import { day, inboxSearch, text } from './navigation.js';
import {
  ConversationView,
  HomeView,
  MentionsView,
  NotFoundView,
  ReportsView,
  SettingsView,
} from './views.js';

// The console's URLs (TanStack Router, code-based), under /agent/: a view per path; every path
// carries the inbox's filters (navigation.ts). The login shows at any of them and, once passed,
// the view the URL names.

const rootRoute = createRootRoute({
  validateSearch: inboxSearch,
  component: App,
  notFoundComponent: NotFoundView,
});

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeView });

const conversationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'conversations/$sessionId',
  // The message (or `note:<id>`) a search found in it: shown and marked when the conversation opens.
  validateSearch: (search: Record<string, unknown>): { message?: string } => ({
    message: text(search.message),
  }),
  component: ConversationView,
});

const mentionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mentions',
  component: MentionsView,
});

const reportsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reports',
  // The period, first and last day (the agent's days): absent, the last 30 days.
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string } => ({
    from: day(search.from),
    to: day(search.to),
  }),
  component: ReportsView,
});

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings/$page',
  component: SettingsView,
});

const settingsIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings',
  component: SettingsView,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  conversationRoute,
  mentionsRoute,
  reportsRoute,
  settingsIndexRoute,
  settingsRoute,
]);

/**
 * The console's router under `/agent/`. Tests give a memory history.
 *
 * @example
 * const router = createConsoleRouter(createMemoryHistory({ initialEntries: ['/agent/mentions'] }));
 */
export function createConsoleRouter(history: RouterHistory = createBrowserHistory()) {
  return createRouter({ routeTree, history, basepath: '/agent', scrollRestoration: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
