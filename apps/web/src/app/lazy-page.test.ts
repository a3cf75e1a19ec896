// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, reloadOnce } from './lazy-page.ts';

const reload = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  reload.mockClear();
  vi.stubGlobal('location', { reload });
});
afterEach(() => vi.unstubAllGlobals());

describe('lazyPage (product-spec §8: a page module that fails to load reloads the page)', () => {
  it('passes a loaded module through', async () => {
    const module = { Component: () => null };
    await expect(lazyPage(() => Promise.resolve(module))()).resolves.toBe(module);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the module cannot be fetched', async () => {
    const load = lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('does not reload in a loop: a second failure right after goes to the error screen', async () => {
    expect(reloadOnce(1_000_000)).toBe(true);
    expect(reloadOnce(1_005_000)).toBe(false);
    expect(reloadOnce(1_011_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    const failure = new TypeError('Failed to fetch dynamically imported module');
    sessionStorage.setItem('callboard:page-load-reload-at', String(Date.now()));
    await expect(lazyPage(() => Promise.reject(failure))()).rejects.toBe(failure);
  });
});
