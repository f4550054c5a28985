import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveRoute } from './shell/routes.ts';

const { route, redirectTo } = resolveRoute(import.meta.env.BASE_URL, window.location);
if (redirectTo) window.history.replaceState(null, '', redirectTo);

function App() {
  if (route === 'not-found') {
    return (
      <main>
        <h1>Page not found</h1>
      </main>
    );
  }
  return (
    <main>
      <h1>Parley</h1>
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
