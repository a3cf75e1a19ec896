import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  connectionRetryDelayMs,
  createQueryClient,
  QUERY_CONNECTION_RETRIES,
  QUERY_STALE_TIME_MS,
  queryClientConfig,
} from './query-client.ts';

const error = (status: number, code: string, retryAfterSeconds: number | null = null) =>
  new ApiError({ status, code, message: code, retryAfterSeconds });

describe('query client (docs/product.md, "Constants")', () => {
  it('keeps data fresh for 5 minutes and never refetches on focus', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(queryClientConfig.defaultOptions.queries.staleTime).toBe(300_000);
    expect(queryClientConfig.defaultOptions.queries.refetchOnWindowFocus).toBe(false);
  });

  it('retries nothing but an unreachable server or database (docs/operations.md)', () => {
    const { queries, mutations } = queryClientConfig.defaultOptions;
    for (const failure of [
      error(400, 'VALIDATION_FAILED'),
      error(500, 'INTERNAL'),
      error(409, 'CONFLICT'),
    ]) {
      expect(queries.retry(0, failure), failure.code).toBe(false);
      expect(mutations.retry(0, failure), failure.code).toBe(false);
    }
    expect(queries.retry(0, new Error('bug'))).toBe(false);
    const unavailable = error(503, 'DATABASE_UNAVAILABLE', 5);
    const offline = error(0, 'NETWORK_ERROR');
    expect(queries.retry(0, unavailable)).toBe(true);
    expect(queries.retry(0, offline)).toBe(true);
    expect(queries.retry(QUERY_CONNECTION_RETRIES, offline)).toBe(false);
    // A change is repeated only when the server said it did nothing.
    expect(mutations.retry(0, unavailable)).toBe(true);
    expect(mutations.retry(0, offline)).toBe(false);
    expect(mutations.retry(0, error(503, 'OUTCOME_UNKNOWN', 5))).toBe(false);
  });

  it('backs off, never sooner than Retry-After, never longer than 30 s', () => {
    expect(connectionRetryDelayMs(0, error(0, 'NETWORK_ERROR'))).toBe(1000);
    expect(connectionRetryDelayMs(3, error(0, 'NETWORK_ERROR'))).toBe(8000);
    expect(connectionRetryDelayMs(0, error(503, 'DATABASE_UNAVAILABLE', 5))).toBe(5000);
    expect(connectionRetryDelayMs(9, error(503, 'DATABASE_UNAVAILABLE', 5))).toBe(30_000);
    expect(connectionRetryDelayMs(0, error(503, 'DATABASE_UNAVAILABLE', 600))).toBe(30_000);
  });

  it('builds clients with those defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.retry).toBe(queryClientConfig.defaultOptions.queries.retry);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(queryClientConfig.defaultOptions.mutations.retry);
  });
});
