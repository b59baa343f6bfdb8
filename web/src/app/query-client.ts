import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Shared query client: no retries for answers the server meant (4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

let shared: QueryClient | null = null;

/** The app's one query client (created on first use by QueryLayout). */
export function sharedQueryClient(): QueryClient {
  return (shared ??= createQueryClient());
}

/** Drops the shared client and its cache (tests start each render from nothing). */
export function resetSharedQueryClient(): void {
  shared?.clear();
  shared = null;
}
