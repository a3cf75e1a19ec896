// The dashboard's "N new calls" bar (docs/live-updates.md, "Client"). New calls must not push the
// rows someone is reading down the page, yet the tab counts and the rows' own changes must stay
// live. So when calls arrive, the rows on screen are held: the list query refetches as usual
// (counts, totals, changed rows), but the screen shows the held rows, each in its newest version,
// until the reader asks for the new calls. Changing the view (tab, filter, page) lets go.
import type { CallListItem } from '@callboard/contract';
import { useState } from 'react';
import { useLiveEvents } from '../../../lib/live-updates.ts';

interface Held {
  /** Which view the rows were held in (the list query's key, as JSON). */
  view: string;
  rows: readonly CallListItem[];
  count: number;
}

export interface NewCalls {
  /** Calls added since the rows were held; 0 when nothing is held. */
  count: number;
  /** The rows to show: the held ones (refreshed from `rows` where present), or `rows`. */
  rows: readonly CallListItem[] | undefined;
  /** Let go of the held rows (the reader clicked the bar). */
  release: () => void;
}

/**
 * `view` names what the list shows (it changes with the tab, filters and page); `rows` are the
 * list query's current rows.
 */
export function useNewCalls(view: string, rows: readonly CallListItem[] | undefined): NewCalls {
  const [held, setHeld] = useState<Held | null>(null);

  useLiveEvents((event) => {
    // While the list is still loading, its first answer will include the new calls anyway.
    if (event.type !== 'calls.created' || !rows) return;
    setHeld((previous) =>
      previous?.view === view
        ? { ...previous, count: previous.count + event.count }
        : { view, rows, count: event.count },
    );
  });

  const active = held?.view === view ? held : null;
  let shown = rows;
  if (active && rows) {
    const fresh = new Map(rows.map((row) => [row.call_id, row]));
    // A held row gone from the fresh page (pushed to the next one by the new calls, or moved
    // out of this view) keeps its last known version until the bar is clicked.
    shown = active.rows.map((row) => fresh.get(row.call_id) ?? row);
  }
  return { count: active?.count ?? 0, rows: shown, release: () => setHeld(null) };
}
