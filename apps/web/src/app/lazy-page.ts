// Loads a page's module for a lazy route. If that fails — typically a deploy replaced the hashed
// chunk this tab still asks for — the page reloads once (product-spec §2, §8) to pick up the new
// build. A second failure soon after goes to the error screen instead of reloading forever.

const RELOAD_MARK_KEY = 'callboard:page-load-reload-at';
const RELOAD_GUARD_MS = 10_000;

export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (reloadOnce()) return new Promise<never>(() => undefined); // the page is going away
      throw error;
    }
  };
}

/** Reloads unless a reload for the same reason happened moments ago; true when reloading. */
export function reloadOnce(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_MARK_KEY, String(now));
  } catch {
    return false; // without storage there is no guard against a reload loop
  }
  window.location.reload();
  return true;
}
