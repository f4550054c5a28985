import '@parley/chat-ui/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { packLoaderFor } from './i18n/i18n.js';
import { storedLanguage } from './i18n/storedLanguage.js';
import { createPageSession } from './pageSession.js';
import { resolveRoute } from './shell/routes.js';
import { followVisualViewport } from './shell/visualViewport.js';

// The language pack downloads while React starts (the app's later import of it reuses this); the
// first screen speaks from it alone, and the i18next runtime follows once the chat is up. A
// failure is the app's to show, not an unhandled rejection.
packLoaderFor(storedLanguage())?.().catch(() => {});

followVisualViewport();

const { route, redirectTo } = resolveRoute(import.meta.env.BASE_URL, window.location);
if (redirectTo) window.history.replaceState(null, '', redirectTo);

// The engine asks the server for the channel now, while React renders its first screen, and lives
// as long as the page.
const session = route === 'index' ? createPageSession() : null;
void session?.start();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
}
