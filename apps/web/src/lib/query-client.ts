import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/** product-spec §9: data stays fresh for 5 minutes, nothing retries, focus does not refetch. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export const queryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_TIME_MS,
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: false,
    },
  },
} satisfies QueryClientConfig;

export function createQueryClient(): QueryClient {
  return new QueryClient(queryClientConfig);
}

/** The app's one cache; signing out clears it so the next user sees nothing of the last one. */
export const queryClient = createQueryClient();
