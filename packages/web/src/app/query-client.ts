import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of server data (TanStack Query), made with the other
 * services. A failed call shows its error at once instead of being retried,
 * and nothing is fetched again just because the window regained focus: each
 * query says itself how long its answer stays fresh (rpc/queries.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
