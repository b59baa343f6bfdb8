import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n';
import { App } from './app/App';
import './styles.css';

/**
 * The start is three tasks, not one: the modules' evaluation (this one),
 * the texts' set-up, and the first render. On a slow phone each is a short
 * task the browser can answer a tap between, where together they would be
 * one long one (docs/decisions.md, "The app starts in three tasks").
 */
setTimeout(() => void initI18n(), 0);
setTimeout(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
