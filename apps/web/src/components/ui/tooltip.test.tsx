// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../testing/render.tsx';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from './tooltip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // Radix measures the trigger and the tooltip; jsdom has no layout.
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="Sign out">
        <button type="button">A</button>
      </Tooltip>
      <Tooltip content="Settings">
        <button type="button">B</button>
      </Tooltip>
    </TooltipProvider>,
  );
  return {
    a: screen.getByRole('button', { name: 'A' }),
    b: screen.getByRole('button', { name: 'B' }),
  };
}

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
}

/** The pointer leaves the control and moves well away from it (and from its tooltip). */
function leave(element: HTMLElement) {
  fireEvent.pointerLeave(element, { pointerType: 'mouse', clientX: 500, clientY: 500 });
  fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 900, clientY: 900 });
}

describe('tooltips (docs/product.md, "Constants": 700 ms open delay, 300 ms skip delay)', () => {
  it('has the product’s constants', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens 700 ms after the pointer rests on the control', () => {
    const { a } = renderTwo();
    hover(a);
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Sign out');
  });

  it('opens at once on the next control within 300 ms, and waits again after that', () => {
    const { a, b } = renderTwo();
    hover(a);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    });
    leave(a);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 50);
    });
    hover(b);
    expect(screen.getByRole('tooltip').textContent).toBe('Settings');

    leave(b);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1);
    });
    hover(a);
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Sign out');
  });
});
