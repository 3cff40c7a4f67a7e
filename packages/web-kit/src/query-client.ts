import { QueryClient } from '@festival/query';

/**
 * The product's data-cache defaults: data never goes stale, no refetch on window focus, no
 * polling unless a query asks for it, no retries for queries or mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
