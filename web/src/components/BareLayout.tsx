import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { Loading } from './Loading';

/**
 * Shell of pages that draw their own header (the diner menu): the same error
 * boundary and lazy-chunk fallback as Layout, without the app header.
 */
export function BareLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
