// Toasts (docs/product.md, "Constants"): shown for 5000 ms, one at a time (a new toast replaces
// the current one), closed by a swipe past 50 px. This file is the store; the Radix-based view in
// toast.tsx is loaded only when the first toast appears, keeping it out of the first page's
// JavaScript.

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  /**
   * One button beside the message ("Undo"). `altText` tells screen-reader users how else to do
   * it, since a toast may vanish before they reach the button.
   */
  action?: { label: string; altText: string; onAction: () => void };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; any toast already showing is closed (TOAST_LIMIT). */
export function showToast(input: ToastInput): void {
  const closing = toasts.map((toast) => ({ ...toast, open: false }));
  emit([...closing, { ...input, id: nextId++, open: true }].slice(-(TOAST_LIMIT + 1)));
}

export function closeToast(id: number) {
  emit(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
}

export function removeToast(id: number) {
  emit(toasts.filter((toast) => toast.id !== id));
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** The id of the newest toast shown so far (0 before the first): tells whether one was shown since. */
export function lastToastId(): number {
  return nextId - 1;
}
