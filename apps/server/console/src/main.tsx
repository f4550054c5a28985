import '@parley/chat-ui/styles.css';
import './console.css';
import { LocaleProvider } from '@parley/chat-ui/LocaleProvider';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider locale="en-US">
        <App />
      </LocaleProvider>
    </StrictMode>,
  );
}
