import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryClientConfig,
} from '@tanstack/react-query';

/**
 * docs/product.md, "Constants": data stays fresh for 5 minutes, nothing retries, focus does not
 * refetch.
 */
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

/** What a query or mutation may say about how its failures are shown (`meta` in its options). */
export interface RequestMeta extends Record<string, unknown> {
  /**
   * false: the screen shows this failure itself, so no toast. true: a toast even for a query's
   * first load. Unset: the default rule of lib/request-errors.ts.
   */
  errorToast?: boolean;
  /**
   * API error codes that the screen always answers itself (a dialog, for instance), so never a
   * toast for them; other failures follow `errorToast`.
   */
  ownErrorCodes?: readonly string[];
  /** The toast's title, saying what failed ("Couldn't load the calls"). */
  errorTitle?: string;
  /** A prefetch: its failure is not reported at all (the screen's own request will be). */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Which request failed, for the one handler of query and mutation errors. */
export interface RequestErrorSource {
  kind: 'query' | 'mutation';
  key: readonly unknown[] | undefined;
  meta: RequestMeta | undefined;
  /** A query that already had data: its screen keeps showing that, so the failure is unseen. */
  hadData: boolean;
}

export type RequestErrorHandler = (error: unknown, source: RequestErrorSource) => void;

// Set once by the app (src/main.tsx) to lib/request-errors.ts, which needs the session and the
// toasts — both of which need this cache, hence the late binding.
let requestErrorHandler: RequestErrorHandler = () => undefined;

export function setRequestErrorHandler(handler: RequestErrorHandler): void {
  requestErrorHandler = handler;
}

/** A client with the product's defaults (docs/product.md, "Constants") whose every failed query and mutation goes to `onError`. */
export function createQueryClient(
  onError: RequestErrorHandler = (error, source) => requestErrorHandler(error, source),
): QueryClient {
  return new QueryClient({
    ...queryClientConfig,
    queryCache: new QueryCache({
      onError: (error, query) =>
        onError(error, {
          kind: 'query',
          key: query.queryKey,
          meta: query.meta,
          hadData: query.state.data !== undefined,
        }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        onError(error, {
          kind: 'mutation',
          key: mutation.options.mutationKey,
          meta: mutation.meta,
          hadData: false,
        }),
    }),
  });
}

/** The app's one cache; signing out clears it so the next user sees nothing of the last one. */
export const queryClient = createQueryClient();
