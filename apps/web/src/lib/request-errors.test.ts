// @vitest-environment jsdom
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, fakeJwt } from '../testing/fake-fetch.ts';
import { ApiError, configureApiClient } from './api-client.ts';
import { createQueryClient } from './query-client.ts';
import { handleRequestError, OWN_TOAST_GRACE_MS, REQUEST_ERROR_EVENTS } from './request-errors.ts';
import { sessionStore } from './session.ts';
import { captureEvent } from './telemetry.ts';
import { getToasts, showToast } from '../components/ui/toast-store.ts';

vi.mock('./telemetry.ts', () => ({ captureEvent: vi.fn() }));

const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Call not found' });
const onUnauthenticated = vi.fn();

function signIn() {
  sessionStore.setState({
    status: 'signed-in',
    event: 'SIGNED_IN',
    session: {
      access_token: fakeJwt({ exp: 2_000_000_000 }),
      expires_in: 900,
      expires_at: 2_000_000_000,
      user: { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } },
    },
  });
}

/** The newest toast still open, if any. */
function openToast() {
  return getToasts().findLast((toast) => toast.open) ?? null;
}

beforeEach(() => {
  vi.useFakeTimers();
  signIn();
  configureApiClient({ getAccessToken: () => 'token', onUnauthenticated });
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(captureEvent).mockClear();
  onUnauthenticated.mockClear();
});

describe('handleRequestError: the one place for failed queries and mutations', () => {
  it('signs out on a 401 from the product API, with no toast and no event', () => {
    const before = getToasts().length;
    const expired = new ApiError({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
      sessionEnded: true,
    });
    handleRequestError(expired, { kind: 'query', key: ['calls'], meta: undefined, hadData: true });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(captureEvent).not.toHaveBeenCalled();
    expect(getToasts().length).toBe(before);
  });

  it('does not sign out on a 401 that is not about the session (a wrong password)', () => {
    const wrongPassword = new ApiError({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    handleRequestError(wrongPassword, {
      kind: 'mutation',
      key: undefined,
      meta: { errorToast: false },
      hadData: false,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(captureEvent).toHaveBeenCalledTimes(1);
  });

  it('sends an analytics event with the organisation, the activity type and an error flag', () => {
    handleRequestError(notFound, {
      kind: 'query',
      key: ['calls', 'detail', 'call_1'],
      meta: undefined,
      hadData: false,
    });
    expect(captureEvent).toHaveBeenCalledWith(REQUEST_ERROR_EVENTS.query, {
      organizationId: DEMO_USER.organisation.id,
      organizationName: 'Northwind',
      activityType: 'query',
      error: true,
      operation: 'calls.detail',
      errorCode: 'NOT_FOUND',
      errorStatus: 404,
      errorMessage: 'Call not found',
    });
  });

  it('toasts a failed mutation after a moment, in the server’s words', () => {
    handleRequestError(notFound, {
      kind: 'mutation',
      key: undefined,
      meta: undefined,
      hadData: false,
    });
    expect(openToast()?.description).not.toBe('Call not found'); // not yet: the screen goes first
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(openToast()).toMatchObject({
      tone: 'error',
      title: 'That didn’t go through',
      description: 'Call not found',
    });
    expect(captureEvent).toHaveBeenCalledWith(
      'mutation_error',
      expect.objectContaining({ activityType: 'mutation', error: true }),
    );
  });

  it('never toasts an error code the screen always answers itself, and still toasts others', () => {
    const conflict = new ApiError({ status: 409, code: 'CONFLICT', message: 'Mia changed this' });
    const meta = { ownErrorCodes: ['CONFLICT'] };
    const before = getToasts().at(-1)?.id;
    handleRequestError(conflict, { kind: 'mutation', key: undefined, meta, hadData: false });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(getToasts().at(-1)?.id).toBe(before);
    expect(captureEvent).toHaveBeenCalledWith(
      'mutation_error',
      expect.objectContaining({ errorCode: 'CONFLICT' }),
    );
    handleRequestError(notFound, { kind: 'mutation', key: undefined, meta, hadData: false });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(openToast()?.description).toBe('Call not found');
  });

  it('leaves the toast to the screen when it shows its own', () => {
    handleRequestError(notFound, {
      kind: 'mutation',
      key: undefined,
      meta: undefined,
      hadData: false,
    });
    showToast({ tone: 'error', title: 'Couldn’t assign the call', description: 'Call not found' });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(openToast()?.title).toBe('Couldn’t assign the call');
  });

  it('toasts a failed refresh (the page still shows old data), not a failed first load', () => {
    const last = getToasts().at(-1)?.id;
    handleRequestError(notFound, {
      kind: 'query',
      key: ['calls'],
      meta: undefined,
      hadData: false,
    });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(getToasts().at(-1)?.id).toBe(last);

    handleRequestError(notFound, { kind: 'query', key: ['calls'], meta: undefined, hadData: true });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(openToast()).toMatchObject({ title: 'Couldn’t refresh this page' });
  });

  it('follows meta: errorToast false silences, true and errorTitle speak up', () => {
    const last = getToasts().at(-1)?.id;
    const silent = { errorToast: false };
    handleRequestError(notFound, {
      kind: 'mutation',
      key: undefined,
      meta: silent,
      hadData: false,
    });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(getToasts().at(-1)?.id).toBe(last);

    const loud = { errorToast: true, errorTitle: 'Couldn’t load the call' };
    handleRequestError(notFound, { kind: 'query', key: undefined, meta: loud, hadData: false });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(openToast()).toMatchObject({ title: 'Couldn’t load the call' });
  });

  it('reports nothing for a silent prefetch (the screen’s own request will)', () => {
    const last = getToasts().at(-1)?.id;
    const noOrganisation = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No org' });
    handleRequestError(noOrganisation, {
      kind: 'query',
      key: ['calls', 'list'],
      meta: { silent: true, errorToast: false },
      hadData: true,
    });
    vi.advanceTimersByTime(OWN_TOAST_GRACE_MS);
    expect(captureEvent).not.toHaveBeenCalled();
    expect(getToasts().at(-1)?.id).toBe(last);
  });
});

describe('the query client hands every failure to the handler', () => {
  it('for queries (with whether data was showing) and for mutations (with their meta)', async () => {
    vi.useRealTimers();
    const onError = vi.fn();
    const client = createQueryClient(onError);

    const query = new QueryObserver(client, {
      queryKey: ['calls', 'list'],
      queryFn: () => Promise.reject(notFound),
    });
    await query.refetch();
    client.setQueryData(['calls', 'list'], ['old rows']);
    await query.refetch();
    const mutation = new MutationObserver(client, {
      mutationFn: () => Promise.reject(notFound),
      meta: { errorToast: false },
    });
    await mutation.mutate().catch(() => undefined);

    expect(onError.mock.calls).toEqual([
      [notFound, { kind: 'query', key: ['calls', 'list'], meta: undefined, hadData: false }],
      [notFound, { kind: 'query', key: ['calls', 'list'], meta: undefined, hadData: true }],
      [notFound, { kind: 'mutation', key: undefined, meta: { errorToast: false }, hadData: false }],
    ]);
  });
});
