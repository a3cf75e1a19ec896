// The toast view, on Radix Toast: it announces each toast politely, pauses the timer while the
// toast is hovered or focused, and handles swipe-to-dismiss. Loaded lazily by toaster.tsx.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconAlertCircle, IconCheckCircle, IconInfo, IconX } from './icons.tsx';
import {
  closeToast,
  getToasts,
  removeToast,
  subscribeToToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastTone,
} from './toast-store.ts';

const icons: Record<ToastTone, ReactNode> = {
  success: <IconCheckCircle className="mt-0.5 size-4 shrink-0 text-success-fg" />,
  error: <IconAlertCircle className="mt-0.5 size-4 shrink-0 text-danger-fg" />,
  info: <IconInfo className="mt-0.5 size-4 shrink-0 text-accent-text" />,
};

export function ToastView() {
  const items = useSyncExternalStore(subscribeToToasts, getToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
    >
      {items.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          // Errors interrupt the screen reader; confirmations wait their turn.
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) closeToast(toast.id);
          }}
          onAnimationEnd={() => {
            if (!toast.open) removeToast(toast.id);
          }}
          className={cn(
            'pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-border bg-surface p-4 text-sm text-fg shadow-lg shadow-black/5 dark:shadow-black/40',
            'data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards]',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-[toast-swipe-out_150ms_ease-out_forwards]',
          )}
        >
          {icons[toast.tone ?? 'success']}
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="font-medium">{toast.title}</ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="mt-0.5 text-fg-muted">
                {toast.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {toast.action ? (
            <ToastPrimitive.Action
              altText={toast.action.altText}
              onClick={toast.action.onAction}
              className="-my-1 shrink-0 rounded-md px-2 py-1 font-medium text-accent-text hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {toast.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="-m-1 rounded-md p-1 text-fg-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <IconX />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col gap-2 p-4 outline-none sm:right-0 sm:left-auto sm:w-96 sm:p-6" />
    </ToastPrimitive.Provider>
  );
}
