// The call list's keyboard shortcuts (list-shortcuts.ts declares them): j and k move the row
// focus, o opens the current call, x selects it, and a, s and c act on the selection (or, with
// nothing selected, on the current call). Listened for on the document while the list is shown,
// so they work wherever focus is on the page, except while typing or with a dialog open.
import { useEffect, useRef, type RefObject } from 'react';
import { continuesShortcutSequence } from '../../../lib/shortcuts.ts';
import { isListShortcut, shortcutsBlocked, type ListShortcutKey } from '../list-shortcuts.ts';
import type { RowNavigation } from './use-row-navigation.ts';

export interface ListShortcutActions {
  /** x: select or deselect the row. */
  onToggle: (index: number) => void;
  /** a, s, c: act on the selection, or on the row at `index` when nothing is selected. */
  onAssign: (index: number) => void;
  onStatus: (index: number) => void;
  onClose: (index: number) => void;
}

export function useListShortcuts({
  count,
  navigation,
  containerRef,
  onOpen,
  actions,
}: {
  count: number;
  navigation: RowNavigation;
  /** The element holding the rows: whether a row has focus now. */
  containerRef: RefObject<HTMLElement | null>;
  onOpen: (index: number) => void;
  actions: ListShortcutActions | undefined;
}): void {
  // The latest of everything, read by one listener for the life of the list.
  const latest = useRef({ count, navigation, containerRef, onOpen, actions });
  useEffect(() => {
    latest.current = { count, navigation, containerRef, onOpen, actions };
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isListShortcut(event.key) || event.shiftKey || shortcutsBlocked(event)) return;
      // 'a' after 'g' is the page's 'g a' (analytics), not assign.
      if (continuesShortcutSequence(event)) return;
      const { count: rows, navigation: nav, containerRef: container } = latest.current;
      if (rows === 0) return;
      const inList = container.current?.contains(document.activeElement) ?? false;
      const index = nav.activeIndex;
      const run: Record<ListShortcutKey, () => void> = {
        // From outside the list the first press lands on the current row.
        j: () => nav.moveTo(inList ? Math.min(index + 1, rows - 1) : index),
        k: () => nav.moveTo(inList ? Math.max(index - 1, 0) : index),
        o: () => latest.current.onOpen(index),
        x: () => {
          latest.current.actions?.onToggle(index);
          if (!inList) nav.moveTo(index);
        },
        a: () => latest.current.actions?.onAssign(index),
        s: () => latest.current.actions?.onStatus(index),
        c: () => latest.current.actions?.onClose(index),
      };
      if (!latest.current.actions && !['j', 'k', 'o'].includes(event.key)) return;
      event.preventDefault();
      run[event.key]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
