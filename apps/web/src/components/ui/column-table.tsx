// Tables declared as one list of columns. Each column says its header, what a row's cell shows,
// its placeholder while the rows load, its class names, from which width the table shows it and
// how a phone card shows it; the header row, the body's cells, the loading rows and the column
// spans all come from that list, so a column is added, moved or hidden in one place.
//
// Below a breakpoint the table turns into one card per row, in one of two layouts:
// - `labelled` (below `sm`): each cell a line after its column's name; one cell may be the card's
//   title and one its row of buttons. ColumnTable is the whole table in this layout.
// - `grid` (below `md`): each cell places itself in the card's grid by its own class names (the
//   call list composes its rows from ColumnHeaderRow, ColumnCells and ColumnSkeletonCells).
import type { Key, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCount } from '../../lib/format.ts';
import { IconArrowDown, IconArrowUp, IconChevronsUpDown } from './icons.tsx';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from './table.tsx';

export interface TableColumn<Row, Context = undefined> {
  id: string;
  /** The column's name: its header, and on a labelled card the label before the value. */
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** What the header cell holds instead of the header's text (a "select all" checkbox). */
  headerContent?: ReactNode;
  /** The cell for a row; `context` is what the table hands every cell besides its row. */
  cell: (row: Row, context: Context) => ReactNode;
  /** The cell's placeholder while the rows load. */
  skeleton?: ReactNode;
  headerClassName?: string;
  /** Class names of the column's cells, placeholders included. */
  cellClassName?: string;
  /** The table shows the column only from this width up (lower-value columns drop out first). */
  showFrom?: 'lg' | 'xl';
  /**
   * How a card shows the cell: as a line (the default: after its label on a labelled card), as
   * the card's title, as its row of buttons, or not at all. A grid card places every cell it
   * shows by the cell's own class names.
   */
  card?: 'line' | 'title' | 'actions' | 'hidden';
  /** The table can be sorted by this column: the key its sort goes by. */
  sortKey?: string;
  /** The direction a first press on the header sorts in (the most useful one; default ascending). */
  firstSort?: 'ascending' | 'descending';
}

/** How a table is sorted, and how a header press changes it. */
export interface TableSorting {
  key: string;
  descending: boolean;
  onSort: (key: string, descending: boolean) => void;
}

export type CardLayout = 'labelled' | 'grid';

/** Class names that turn a table of each layout into cards. */
export const cardLayouts = {
  labelled: {
    table: 'max-sm:block',
    head: 'max-sm:hidden',
    body: 'max-sm:block',
    row: 'max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:px-4 max-sm:py-3.5',
    cell: {
      // On a card every value starts after its label, whatever the column's alignment, and
      // wraps anywhere rather than overflow (a long call id); the label keeps the plain face even
      // where the value is monospaced or bold.
      line: 'sm:align-middle max-sm:flex max-sm:items-center max-sm:gap-2 max-sm:p-0 max-sm:text-left max-sm:wrap-anywhere max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-sans max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]',
      title: 'sm:align-middle max-sm:block max-sm:p-0',
      // As narrow as its buttons in the table; a row at the card's foot.
      actions: 'sm:w-px sm:align-middle sm:whitespace-nowrap max-sm:flex max-sm:p-0 max-sm:pt-1.5',
      hidden: 'max-sm:hidden',
    },
    // Shown on cards, left out of the table below `showFrom`.
    showFrom: { lg: 'sm:hidden lg:table-cell', xl: 'sm:hidden xl:table-cell' },
  },
  grid: {
    table: 'md:table-fixed max-md:block',
    head: 'max-md:hidden',
    body: 'max-md:block',
    row: 'max-md:grid',
    cell: {
      line: 'max-md:block max-md:p-0 max-md:min-w-0',
      title: 'max-md:block max-md:p-0 max-md:min-w-0',
      actions: 'max-md:block max-md:p-0 max-md:min-w-0',
      hidden: 'max-md:hidden',
    },
    showFrom: { lg: 'md:hidden lg:table-cell', xl: 'md:hidden xl:table-cell' },
  },
} as const;

/** Below `showFrom` a column is left out of the table (and of the cards, if they hide it too). */
const TABLE_FROM = { lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell' } as const;

function headerClassName<Row, Context>(column: TableColumn<Row, Context>): string {
  return cn(column.showFrom && TABLE_FROM[column.showFrom], column.headerClassName);
}

function cellClassName<Row, Context>(
  column: TableColumn<Row, Context>,
  layout: CardLayout,
): string {
  const { cell, showFrom } = cardLayouts[layout];
  const card = column.card ?? 'line';
  const visibility = column.showFrom
    ? card === 'hidden'
      ? TABLE_FROM[column.showFrom]
      : cn(cell[card], showFrom[column.showFrom])
    : cell[card];
  return cn(visibility, column.cellClassName);
}

/**
 * The header row: one header cell a column. With `sorting`, a sortable column's header is a
 * button: it sorts by the column, or reverses the sort when the table is sorted by it already; the
 * sorted column's cell carries aria-sort.
 */
export function ColumnHeaderRow<Row, Context>({
  columns,
  sorting,
}: {
  columns: readonly TableColumn<Row, Context>[];
  sorting?: TableSorting | undefined;
}) {
  return (
    <tr>
      {columns.map((column) => {
        const { sortKey } = column;
        const active = sorting && sortKey !== undefined && sorting.key === sortKey;
        const label =
          column.headerContent ??
          (column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header);
        return (
          <TableHeaderCell
            key={column.id}
            className={headerClassName(column)}
            aria-sort={active ? (sorting.descending ? 'descending' : 'ascending') : undefined}
          >
            {sorting && sortKey !== undefined ? (
              <SortButton
                active={Boolean(active)}
                descending={sorting.descending}
                onPress={() =>
                  sorting.onSort(
                    sortKey,
                    active ? !sorting.descending : column.firstSort === 'descending',
                  )
                }
              >
                {label}
              </SortButton>
            ) : (
              label
            )}
          </TableHeaderCell>
        );
      })}
    </tr>
  );
}

function SortButton({
  active,
  descending,
  onPress,
  children,
}: {
  active: boolean;
  descending: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  const Icon = !active ? IconChevronsUpDown : descending ? IconArrowDown : IconArrowUp;
  return (
    <button
      type="button"
      onClick={onPress}
      className={cn(
        '-mx-1.5 inline-flex max-w-full items-center gap-1 rounded-md px-1.5 py-0.5 font-medium whitespace-nowrap [text-align:inherit] transition-colors hover:bg-surface hover:text-fg',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        active && 'text-fg',
      )}
    >
      {children}
      <Icon
        className={cn('size-3.5 shrink-0', active ? 'text-accent-text' : 'text-fg-subtle/70')}
      />
    </button>
  );
}

/** One row's cells. */
export function ColumnCells<Row, Context>({
  columns,
  layout,
  row,
  context,
}: {
  columns: readonly TableColumn<Row, Context>[];
  layout: CardLayout;
  row: Row;
  context: Context;
}) {
  return columns.map((column) => (
    <TableCell
      key={column.id}
      data-column={column.id}
      data-label={
        layout === 'labelled' && (column.card ?? 'line') === 'line' ? column.header : undefined
      }
      className={cellClassName(column, layout)}
    >
      {column.cell(row, context)}
    </TableCell>
  ));
}

/** A loading row's cells: each column's placeholder, where its cell will be. */
export function ColumnSkeletonCells<Row, Context>({
  columns,
  layout,
}: {
  columns: readonly TableColumn<Row, Context>[];
  layout: CardLayout;
}) {
  return columns.map((column) => (
    <TableCell key={column.id} className={cellClassName(column, layout)}>
      {column.skeleton}
    </TableCell>
  ));
}

/** A column of buttons: named for screen readers only, right-aligned, the card's last line. */
export function actionsColumn<Row>(
  cell: (row: Row) => ReactNode,
  { cellClassName }: { cellClassName?: string } = {},
): TableColumn<Row> {
  return {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    card: 'actions',
    headerClassName: 'text-right',
    cellClassName: cn('text-right', cellClassName),
    cell,
  };
}

/** A column of counts: right-aligned, in figures of one width. */
export function countColumn<Row>(
  id: string,
  header: string,
  count: (row: Row) => number,
): TableColumn<Row> {
  return {
    id,
    header,
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
    cell: (row) => formatCount(count(row)),
  };
}

/** The first and last columns line up with a card's padding (px-5). */
function withEdgePadding<Row>(columns: readonly TableColumn<Row>[]): TableColumn<Row>[] {
  const last = columns.length - 1;
  return columns.map((column, index) => {
    const edge = cn(index === 0 && 'pl-5', index === last && 'pr-5');
    return {
      ...column,
      headerClassName: cn(edge, column.headerClassName),
      cellClassName: cn(edge, column.cellClassName),
    };
  });
}

export interface ColumnTableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The rows are being refreshed (a new page, say). */
  busy?: boolean;
}

/** A table inside a card, from its column list; below `sm` each row is a labelled card. */
export function ColumnTable<Row>({ columns, rows, rowKey, busy = false }: ColumnTableProps<Row>) {
  const padded = withEdgePadding(columns);
  const layout = cardLayouts.labelled;
  return (
    <Table className={layout.table} aria-busy={busy || undefined}>
      <TableHeader className={layout.head}>
        <ColumnHeaderRow columns={padded} />
      </TableHeader>
      <TableBody className={layout.body}>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} className={layout.row}>
            <ColumnCells columns={padded} layout="labelled" row={row} context={undefined} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
