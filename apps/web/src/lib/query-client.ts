import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryClientConfig,
} from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { connectionStatus } from './connection-status.ts';

/**
 * docs/product.md, "Constants": data stays fresh for 5 minutes, nothing retries, focus does not
 * refetch.
 */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The one exception to "nothing retries": while Callboard is out of reach (network failure, or
 * 503 DATABASE_UNAVAILABLE), a query tries again this many times, with growing pauses of up to
 * 30 s (about 4 minutes in all), before its screen shows the failure (docs/operations.md,
 * "Database outages").
 */
export const QUERY_CONNECTION_RETRIES = 10;
/**
 * A change is tried again only when the server said it did nothing (DATABASE_UNAVAILABLE): never
 * after a network failure or OUTCOME_UNKNOWN, when it may have been saved.
 */
export const MUTATION_UNAVAILABLE_RETRIES = 3;

/** 1 s, 2 s, 4 s … up to 30 s, and never sooner than the server's Retry-After. */
export function connectionRetryDelayMs(failureCount: number, error: unknown): number {
  const backOff = Math.min(1000 * 2 ** failureCount, 30_000);
  const asked = isApiError(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.max(backOff, Math.min(asked, 30_000));
}

export const queryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_TIME_MS,
      retry: (failureCount: number, error: unknown) =>
        isApiError(error) && error.connectionTrouble && failureCount < QUERY_CONNECTION_RETRIES,
      retryDelay: connectionRetryDelayMs,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: (failureCount: number, error: unknown) =>
        isApiError(error) &&
        error.code === 'DATABASE_UNAVAILABLE' &&
        failureCount < MUTATION_UNAVAILABLE_RETRIES,
      retryDelay: connectionRetryDelayMs,
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

// Back from an outage: what is still waiting to retry, or gave up meanwhile, loads again now.
connectionStatus.onRecovered(() => {
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.status === 'error' || query.state.fetchFailureCount > 0,
  });
});
