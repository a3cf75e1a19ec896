import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToToasts } from './toast-store.ts';

const ToastView = lazy(async () => ({ default: (await import('./toast.tsx')).ToastView }));

/** Mount once, near the root. Loads the toast view when the first toast is shown. */
export function Toaster() {
  const hasToasts = useSyncExternalStore(subscribeToToasts, () => getToasts().length > 0);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
