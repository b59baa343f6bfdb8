import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from './session/SessionProvider';
import { AppRoutes } from './routes';

/**
 * The outer Suspense holds the first paint until the active language's texts
 * (a lazy chunk, see i18n.ts) have arrived; pages have their own boundaries.
 */
export function App() {
  return (
    <Suspense fallback={null}>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
    </Suspense>
  );
}
