import '@parley/chat-ui/styles.css';
import './console.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from './i18n/I18nProvider.js';
import { createConsoleRouter } from './router.js';

const root = document.getElementById('root');
if (root) {
  const router = createConsoleRouter();
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}
