// The "Columns" menu: which of the list's columns show. The choice is saved to the reader's
// profile; when the URL carries its own columns (a shared link or a saved view's `cols`), the menu
// changes the URL's instead, and offers the reader's own back (docs/search.md, "Columns").
import { CALL_LIST_COLUMNS, type CallListColumn } from '@callboard/contract';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { IconColumns, IconRefresh } from '../../../components/ui/icons.tsx';
import { useUpdateListColumns } from '../api/update-list-columns.ts';
import { useCallListColumnChoice } from '../hooks/use-call-list-columns.ts';
import type { UseCallListFilters } from '../hooks/use-call-list-filters.ts';
import { CALL_COLUMN_LABELS } from './call-table.tsx';

export function CallColumnsMenu({ setFilters }: { setFilters: UseCallListFilters['setFilters'] }) {
  const { columns, source } = useCallListColumnChoice();
  const save = useUpdateListColumns();
  const shown = new Set(columns);

  function choose(next: ReadonlySet<CallListColumn>) {
    const ordered = CALL_LIST_COLUMNS.filter((column) => next.has(column));
    if (source === 'link') setFilters({ columns: ordered }, { replace: true });
    else save.mutate(ordered);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary">
          <IconColumns />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-60">
        <DropdownMenuLabel>
          {source === 'link' ? 'Columns of this link' : 'Show columns'}
        </DropdownMenuLabel>
        {CALL_LIST_COLUMNS.map((column) => {
          const checked = shown.has(column);
          return (
            <DropdownMenuCheckboxItem
              key={column}
              checked={checked}
              // The list needs one column at least.
              disabled={checked && shown.size === 1}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(on) => {
                const next = new Set(shown);
                if (on) next.add(column);
                else next.delete(column);
                choose(next);
              }}
            >
              {CALL_COLUMN_LABELS[column]}
            </DropdownMenuCheckboxItem>
          );
        })}
        {source === 'default' ? null : <DropdownMenuSeparator />}
        {source === 'link' ? (
          <DropdownMenuItem onSelect={() => setFilters({ columns: null })}>
            <IconRefresh />
            Use my columns
          </DropdownMenuItem>
        ) : null}
        {source === 'mine' ? (
          <DropdownMenuItem onSelect={() => save.mutate(null)}>
            <IconRefresh />
            Reset to the default columns
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
