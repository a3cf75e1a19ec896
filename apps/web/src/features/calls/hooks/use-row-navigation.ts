// Keyboard access to a list of rows (one Tab stop, a "roving" tabindex): Tab reaches the current
// row; ↑ ↓ Home End PageUp PageDown move between rows; Enter opens one. With a virtualised list a
// row may not be in the DOM yet, so moving scrolls first and focuses once the row has rendered.
import { useCallback, useState, type KeyboardEvent, type RefObject } from 'react';

const PAGE_STEP = 10;
const FOCUS_ATTEMPTS = 10;

export interface RowNavigationOptions {
  count: number;
  /** The element holding the rows; each row carries `data-row-index`. */
  containerRef: RefObject<HTMLElement | null>;
  onOpen: (index: number) => void;
  /** Brings a row into the DOM (virtualised lists). */
  scrollToIndex?: (index: number) => void;
}

export interface RowNavigation {
  /** The row that Tab reaches (clamped to the rows there are). */
  activeIndex: number;
  onRowFocus: (index: number) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLElement>, index: number) => void;
  /** Makes a row current, brings it into the DOM and focuses it. */
  moveTo: (index: number, options?: { preventScroll?: boolean }) => void;
}

function targetIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, last);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(index + PAGE_STEP, last);
    case 'PageUp':
      return Math.max(index - PAGE_STEP, 0);
    default:
      return null;
  }
}

export function useRowNavigation({
  count,
  containerRef,
  onOpen,
  scrollToIndex,
}: RowNavigationOptions): RowNavigation {
  const [active, setActive] = useState(0);
  const activeIndex = Math.max(0, Math.min(active, count - 1));

  const focusRow = useCallback(
    (index: number, preventScroll = false) => {
      let attempts = 0;
      const tryFocus = () => {
        const row = containerRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
        if (row) {
          row.focus({ preventScroll });
          return;
        }
        if (++attempts < FOCUS_ATTEMPTS) requestAnimationFrame(tryFocus);
      };
      tryFocus();
    },
    [containerRef],
  );

  const moveTo = useCallback(
    (index: number, options: { preventScroll?: boolean } = {}) => {
      setActive(index);
      scrollToIndex?.(index);
      focusRow(index, options.preventScroll);
    },
    [focusRow, scrollToIndex],
  );

  const onRowKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number) => {
      if (event.target !== event.currentTarget || event.altKey || event.metaKey) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        onOpen(index);
        return;
      }
      const target = targetIndex(event.key, index, count);
      if (target === null) return;
      event.preventDefault();
      moveTo(target);
    },
    [count, moveTo, onOpen],
  );

  return { activeIndex, onRowFocus: setActive, onRowKeyDown, moveTo };
}
