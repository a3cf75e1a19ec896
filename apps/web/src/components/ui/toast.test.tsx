// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh store per test (it is module state, like the app's one toaster).
async function freshToasts() {
  vi.resetModules();
  const store = await import('./toast-store.ts');
  const { ToastView } = await import('./toast.tsx');
  return { ...store, ToastView };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts (docs/product.md, "Constants": 5000 ms, 1 visible, swipe threshold 50)', () => {
  it('has the product’s constants', async () => {
    const { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } = await freshToasts();
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('shows one toast at a time: a new one closes the one showing', async () => {
    const { showToast, getToasts } = await freshToasts();
    showToast({ title: 'First' });
    showToast({ title: 'Second' });
    showToast({ title: 'Third' });
    expect(
      getToasts()
        .filter((toast) => toast.open)
        .map((toast) => toast.title),
    ).toEqual(['Third']);
    // The closing one may stay a moment for its exit animation; nothing older is kept.
    expect(getToasts().length).toBeLessThanOrEqual(2);
  });

  it('renders one toast, for 5000 ms', async () => {
    const { showToast, ToastView } = await freshToasts();
    render(<ToastView />);
    act(() => {
      showToast({ title: 'Call assigned' });
    });
    act(() => {
      showToast({ title: 'Call closed' });
    });
    expect(screen.queryByText('Call assigned')).toBeNull();
    expect(screen.getByText('Call closed')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    const toast = screen.getByText('Call closed').closest('li');
    expect(toast?.getAttribute('data-state')).toBe('open');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // Closed: Radix marks it so (and removes it after the exit animation, which jsdom never ends).
    expect(toast?.getAttribute('data-state')).toBe('closed');
  });
});
