import '@parley/chat-ui/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { resolveRoute } from './shell/routes.js';

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
