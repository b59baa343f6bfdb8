import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setRestaurantLocale } from '../lib/intl';

// findBy*/waitFor wait up to 5 s (default 1 s): a staff page is loaded lazily, and on a busy 2-core
// machine its first render can take over a second (CI: 'Gestión de Productos' not found in time).
// A bound on waiting for what must appear, not a retry of what failed.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The restaurant a page showed writes no later test's prices (lib/intl.ts).
  setRestaurantLocale(null);
});
