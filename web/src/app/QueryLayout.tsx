import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { sharedQueryClient } from './query-client';

/**
 * Route layout that provides TanStack Query. It is loaded lazily so that the
 * entry chunk stays small: react-query arrives together with the first page
 * that needs it.
 */
export default function QueryLayout() {
  const [client] = useState(sharedQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
