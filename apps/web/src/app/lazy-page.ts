// Loads a page's module for a lazy route. If that fails — typically a deploy replaced the hashed
// chunk this tab still asks for — the page reloads once (docs/product.md, "Routes") to pick up
// the new build; when the failure happened on the way to another page, the reload opens that
// page. A second failure soon after goes to the error screen (with a retry button) instead of
// reloading forever.

const RELOAD_MARK_KEY = 'callboard:page-load-reload-at';
const RELOAD_GUARD_MS = 10_000;

/** A page's code could not be downloaded, even after a reload. */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A page module failed to load', { cause });
  }
}

export function isPageLoadError(error: unknown): error is PageLoadError {
  return error instanceof PageLoadError;
}

// Where the router was going when the module was asked for (set by router.tsx); null when the
// page being loaded is the one in the address bar.
let pendingPath: () => string | null = () => null;

export function setPendingPathSource(source: () => string | null): void {
  pendingPath = source;
}

export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      // Reloading: the page is going away, so this never settles.
      if (reloadOnce(Date.now(), pendingPath())) return new Promise<never>(() => undefined);
      throw new PageLoadError(error);
    }
  };
}

/**
 * Reloads (at `path`, when given) unless a reload for the same reason happened moments ago; true
 * when reloading.
 */
export function reloadOnce(now: number = Date.now(), path: string | null = null): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_MARK_KEY, String(now));
  } catch {
    return false; // without storage there is no guard against a reload loop
  }
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (path && path !== current) window.location.assign(path);
  else window.location.reload();
  return true;
}
