// The call list's columns: a link's or a saved view's `cols` when the URL has one, else the
// reader's own choice from their profile, else the default set (docs/search.md, "Columns").
import {
  DEFAULT_CALL_LIST_COLUMNS,
  readCallListColumns,
  type CallListColumn,
} from '@callboard/contract';
import { useSearchParams } from 'react-router';
import { useAuthSession } from '../../../lib/session-provider.tsx';

/** Where the columns shown come from. */
export type CallListColumnsSource = 'link' | 'mine' | 'default';

export function useCallListColumnChoice(): {
  columns: readonly CallListColumn[];
  source: CallListColumnsSource;
} {
  const [searchParams] = useSearchParams();
  const fromLink = readCallListColumns(searchParams.get('cols'));
  const mine = useAuthSession()?.user.call_list_columns ?? null;
  if (fromLink) return { columns: fromLink, source: 'link' };
  if (mine) return { columns: mine, source: 'mine' };
  return { columns: DEFAULT_CALL_LIST_COLUMNS, source: 'default' };
}

/** The columns the list shows, in the list's order. */
export function useCallListColumns(): readonly CallListColumn[] {
  return useCallListColumnChoice().columns;
}
