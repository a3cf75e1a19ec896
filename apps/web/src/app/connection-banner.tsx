// "Connection lost — retrying…": shown while Callboard is out of reach (lib/connection-status.ts),
// gone by itself once requests succeed again. A calm pill at the bottom, not an error screen: the
// pages keep what they show, and their requests retry meanwhile. The polite live region is always
// there, so screen readers hear both the loss and the return.
import { Spinner } from '../components/ui/spinner.tsx';
import { useConnectionState } from '../lib/connection-status.ts';

export function ConnectionBanner() {
  const state = useConnectionState();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {state === 'lost' ? (
        <p className="pointer-events-auto inline-flex items-center gap-2 rounded-full border border-warning-border bg-warning-bg px-4 py-2 text-sm font-medium text-warning-fg shadow-lg shadow-black/5 dark:shadow-black/40">
          <Spinner className="size-3.5" />
          Connection lost — retrying…
        </p>
      ) : state === 'restored' ? (
        <span className="sr-only">Connection restored.</span>
      ) : null}
    </div>
  );
}
