import '@parley/chat-ui/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { packLoaderFor } from './i18n/i18n.js';
import { storedLanguage } from './i18n/storedLanguage.js';
import { resolveRoute } from './shell/routes.js';

// The language pack downloads while React starts (the app's later import of it reuses this one).
void packLoaderFor(storedLanguage())?.();

const { route, redirectTo } = resolveRoute(import.meta.env.BASE_URL, window.location);
if (redirectTo) window.history.replaceState(null, '', redirectTo);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App route={route} />
    </StrictMode>,
  );
}
