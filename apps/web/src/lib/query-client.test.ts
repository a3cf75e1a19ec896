import { describe, expect, it } from 'vitest';
import { createQueryClient, QUERY_STALE_TIME_MS, queryClientConfig } from './query-client.ts';

describe('query client (docs/product.md, "Constants")', () => {
  it('keeps data fresh for 5 minutes, never retries and never refetches on focus', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(queryClientConfig.defaultOptions.queries).toEqual({
      staleTime: 300_000,
      retry: false,
      refetchOnWindowFocus: false,
    });
    expect(queryClientConfig.defaultOptions.mutations).toEqual({ retry: false });
  });

  it('builds clients with those defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
