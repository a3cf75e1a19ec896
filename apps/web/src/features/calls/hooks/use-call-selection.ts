// Which calls of the list are selected for a bulk action. Either some of the rows on screen (by
// call id, so that a refetch, a live update or a row moving does not change what is selected), or
// "every call matching" the view, which the server counts again before it acts
// (docs/decisions/0019-bulk-actions.md). A new view (tab, filter, page) starts with nothing
// selected; a selected call that leaves the rows on screen is not acted on.
import type { CallSummary } from '@callboard/contract';
import { useCallback, useMemo, useState } from 'react';

interface SelectionState {
  /** The view the selection belongs to. */
  view: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
  /** The row a shift-click extends a range from. */
  anchor: number | null;
}

const EMPTY = (view: string): SelectionState => ({
  view,
  ids: new Set(),
  allMatching: false,
  anchor: null,
});

export interface CallSelection {
  /** The selected rows on screen, in the list's order. */
  rows: readonly CallSummary[];
  /** Every call matching the view is selected (not only the rows on screen). */
  allMatching: boolean;
  /** How many calls an action would change. */
  count: number;
  /** none, some or all of the rows on screen. */
  pageState: 'none' | 'some' | 'all';
  isSelected: (callId: string) => boolean;
  /** Toggles one row; `range` (shift-click) sets every row from the last toggled to this one. */
  toggle: (index: number, options?: { range?: boolean }) => void;
  /** Selects (or clears) every row on screen. */
  setPage: (selected: boolean) => void;
  /** Selects every call matching the view. */
  selectAllMatching: () => void;
  clear: () => void;
}

export function useCallSelection(
  view: string,
  rows: readonly CallSummary[],
  total: number,
): CallSelection {
  const [stored, setState] = useState<SelectionState>(() => EMPTY(view));
  const state = stored.view === view ? stored : EMPTY(view);

  const selectedRows = useMemo(
    () => rows.filter((row) => state.ids.has(row.call_id)),
    [rows, state.ids],
  );

  const update = useCallback(
    (change: (current: SelectionState) => SelectionState) =>
      setState((previous) => change(previous.view === view ? previous : EMPTY(view))),
    [view],
  );

  const toggle = useCallback(
    (index: number, options: { range?: boolean } = {}) => {
      const row = rows[index];
      if (!row) return;
      update((current) => {
        const ids = new Set(
          // Leaving "every call matching": what stays selected is the rows on screen.
          current.allMatching ? rows.map((each) => each.call_id) : current.ids,
        );
        const select = !ids.has(row.call_id);
        const from = options.range && current.anchor !== null ? current.anchor : index;
        const [start, end] = from < index ? [from, index] : [index, from];
        for (const each of rows.slice(start, end + 1)) {
          if (select) ids.add(each.call_id);
          else ids.delete(each.call_id);
        }
        return { ...current, ids, allMatching: false, anchor: index };
      });
    },
    [rows, update],
  );

  const setPage = useCallback(
    (selected: boolean) =>
      update((current) => ({
        ...current,
        ids: new Set(selected ? rows.map((row) => row.call_id) : []),
        allMatching: false,
        anchor: null,
      })),
    [rows, update],
  );

  const selectAllMatching = useCallback(
    () =>
      update((current) => ({
        ...current,
        ids: new Set(rows.map((row) => row.call_id)),
        allMatching: true,
      })),
    [rows, update],
  );

  const clear = useCallback(() => update(() => EMPTY(view)), [update, view]);

  const isSelected = useCallback(
    (callId: string) => state.allMatching || state.ids.has(callId),
    [state.allMatching, state.ids],
  );

  const onScreen = state.allMatching ? rows.length : selectedRows.length;
  return {
    rows: state.allMatching ? rows : selectedRows,
    allMatching: state.allMatching,
    count: state.allMatching ? total : selectedRows.length,
    pageState: rows.length > 0 && onScreen === rows.length ? 'all' : onScreen > 0 ? 'some' : 'none',
    isSelected,
    toggle,
    setPage,
    selectAllMatching,
    clear,
  };
}
