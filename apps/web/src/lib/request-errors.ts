// The one place where failed queries and mutations are handled (docs/product.md, "Session" and
// "Error messages"; docs/architecture.md, "Front end" and "Observability"), wired into the query
// client by src/main.tsx:
//   - a 401 from the product API ends the session: sign out, then /auth (and back after sign-in);
//   - anything else becomes a product-analytics event carrying the organisation, the kind of
//     activity and an error flag, and a toast — unless the screen already shows the failure.
//
// When a toast would say twice what the screen says once: a query's first load is its page's main
// content, and every screen shows that failure in place (with what to do about it); a toast is
// added only when the query already had data — a refresh failed while the page keeps showing the
// old data, so nothing else would tell. A mutation always gets a toast, unless its screen shows
// its own within a moment (its onError) or it says `meta: { errorToast: false }`, or the failure's
// code is one its screen always answers itself (`meta: { ownErrorCodes }`).
import { lastToastId, showToast } from '../components/ui/toast-store.ts';
import { isApiError, reportUnauthenticated } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { queryClient, type RequestErrorSource } from './query-client.ts';
import { currentSession } from './session.ts';
import { captureEvent } from './telemetry.ts';

/** Analytics event names, by what failed. */
export const REQUEST_ERROR_EVENTS = { query: 'query_error', mutation: 'mutation_error' } as const;

/** How long a screen has to show its own toast for a failure before the generic one appears. */
export const OWN_TOAST_GRACE_MS = 100;

const DEFAULT_TITLES = {
  query: 'Couldn’t refresh this page',
  mutation: 'That didn’t go through',
} as const;

function operationName(key: readonly unknown[] | undefined): string | null {
  const parts = (key ?? []).filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.slice(0, 2).join('.') : null;
}

function shouldToast(error: unknown, source: RequestErrorSource): boolean {
  if (isApiError(error) && source.meta?.ownErrorCodes?.includes(error.code)) return false;
  // The connection banner already says so (app/connection-banner.tsx); a change that did not go
  // through still says so itself.
  if (isApiError(error) && error.connectionTrouble && source.kind === 'query') return false;
  if (source.meta?.errorToast !== undefined) return source.meta.errorToast;
  return source.kind === 'mutation' || source.hadData;
}

export function handleRequestError(error: unknown, source: RequestErrorSource): void {
  if (isApiError(error) && error.sessionEnded) {
    reportUnauthenticated();
    return;
  }
  if (source.meta?.silent) return;
  // A change that may or may not have been saved: what the screens show may be out of date.
  if (isApiError(error) && error.code === 'OUTCOME_UNKNOWN') void queryClient.invalidateQueries();

  const organisation = currentSession()?.user.organisation ?? null;
  captureEvent(REQUEST_ERROR_EVENTS[source.kind], {
    organizationId: organisation?.id ?? null,
    organizationName: organisation?.name ?? null,
    activityType: source.kind,
    error: true,
    operation: operationName(source.key),
    errorCode: isApiError(error) ? error.code : error instanceof Error ? error.name : 'UNKNOWN',
    errorStatus: isApiError(error) ? error.status : null,
    errorMessage: error instanceof Error ? error.message.slice(0, 300) : String(error),
  });

  if (!shouldToast(error, source)) return;
  const shownBefore = lastToastId();
  setTimeout(() => {
    if (lastToastId() !== shownBefore) return; // the screen said it already
    showToast({
      tone: 'error',
      title: source.meta?.errorTitle ?? DEFAULT_TITLES[source.kind],
      description: errorMessage(error),
    });
  }, OWN_TOAST_GRACE_MS);
}
