// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isPageLoadError,
  lazyPage,
  PageLoadError,
  reloadOnce,
  setPendingPathSource,
} from './lazy-page.ts';

const reload = vi.fn();
const assign = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  reload.mockClear();
  assign.mockClear();
  vi.stubGlobal('location', { reload, assign, pathname: '/dashboard', search: '', hash: '' });
});
afterEach(() => vi.unstubAllGlobals());

describe('lazyPage (docs/product.md, "Routes": a page that fails to load reloads)', () => {
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
    const error: unknown = await lazyPage(() => Promise.reject(failure))().catch(
      (cause: unknown) => cause,
    );
    expect(isPageLoadError(error)).toBe(true);
    expect((error as PageLoadError).cause).toBe(failure);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads exactly once for a failure that keeps happening', async () => {
    const failing = lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    void failing(); // first failure: reloads (here the "reload" leaves the page in place)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The reloaded page fails again at once: no second reload, an error to show instead.
    await expect(failing()).rejects.toBeInstanceOf(PageLoadError);
    await expect(failing()).rejects.toBeInstanceOf(PageLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at the page the router was going to, when the failure happened on the way', async () => {
    setPendingPathSource(() => '/admin?tab=members');
    const load = lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    void load();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin?tab=members'));
    expect(reload).not.toHaveBeenCalled();
    setPendingPathSource(() => null);
  });
});
