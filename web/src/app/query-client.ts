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
