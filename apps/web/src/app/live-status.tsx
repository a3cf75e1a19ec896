// The header's word on the live connection (docs/live-updates.md, "Client"): nothing while it
// works or after a blip; "Reconnecting…" once it has been down LIVE_DOWN_NOTICE_MS, so the reader
// knows the page may be behind. The region is always there, so screen readers hear it appear.
import { useEffect, useState } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';
import { cn } from '../lib/cn.ts';
import { LIVE_DOWN_NOTICE_MS, useLiveState } from '../lib/live-updates.ts';

/** True once the connection has been down for LIVE_DOWN_NOTICE_MS. */
export function useLiveDownNotice(): boolean {
  const { downSince } = useLiveState();
  const [noticed, setNoticed] = useState<number | null>(null);
  useEffect(() => {
    if (downSince === null) return;
    const timer = setTimeout(
      () => setNoticed(downSince),
      Math.max(0, downSince + LIVE_DOWN_NOTICE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [downSince]);
  return downSince !== null && noticed === downSince;
}

export function LiveStatus({ className }: { className?: string }) {
  const down = useLiveDownNotice();
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center', className)}>
      {down ? (
        <span className="inline-flex h-7 items-center gap-1.5 rounded-full border border-warning-border bg-warning-bg px-2.5 text-xs font-medium whitespace-nowrap text-warning-fg">
          <Spinner className="size-3" />
          <span className="sr-only">Connection lost. Live updates paused. </span>
          Reconnecting…
        </span>
      ) : null}
    </div>
  );
}
