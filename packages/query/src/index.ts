/**
 * The one data cache of the page. The shell and every remote import react-query from here, and
 * Module Federation shares this module as a singleton: one QueryClient context for the whole
 * page, and a shared bundle that holds only the parts of @tanstack/react-query the site uses
 * (a share is bundled whole; all of react-query is about a third larger). Add an export here
 * before using another part of react-query.
 */
export {
  infiniteQueryOptions,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
