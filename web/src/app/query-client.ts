import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../lib/fetch-cache';

/** Shared query client: no retries for answers the server meant (4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
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
