import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setRestaurantLocale } from '../lib/intl';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The restaurant a page showed writes no later test's prices (lib/intl.ts).
  setRestaurantLocale(null);
});
