// The states every admin panel's list goes through (loading, failed, empty, loaded) and its
// heading row, so that each panel only says what its list looks like (for most, a column list:
// PanelTable).
import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ColumnTable, type TableColumn } from '../../../components/ui/column-table.tsx';
import { EmptyState, type EmptyStateProps } from '../../../components/ui/empty-state.tsx';
import { IconAlertCircle } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

/** Placeholder rows while a panel's first load runs. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 p-5">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-9 w-full" />
      ))}
    </div>
  );
}

/** A panel whose first load failed: the reason and a retry. */
export function PanelError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      role="alert"
      tone="danger"
      icon={<IconAlertCircle />}
      title={title}
      description={<p>{errorMessage(error)}</p>}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** A panel's heading row: what it is, and its main action. */
export function PanelHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-b border-border px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
      </div>
      {action ? <div className="flex shrink-0 gap-2">{action}</div> : null}
    </div>
  );
}

export interface PanelQueryProps<T> {
  query: UseQueryResult<T>;
  /** Names the placeholder rows for assistive technology: "Loading invitations". */
  loadingLabel: string;
  /** The heading when the first load fails: "Couldn’t load the invitations". */
  errorTitle: string;
  /** Shown instead of the list when there is nothing to list (an EmptyState). */
  empty: ReactNode;
  /** Whether there is nothing to list; by default, whether the data is an empty array. */
  isEmpty?: (data: T) => boolean;
  /** The loaded, non-empty data (a table, say). */
  children: (data: T) => ReactNode;
}

/**
 * A panel's body for one query: placeholder rows while it first loads, the reason and a retry if
 * that failed, `empty` when there is nothing, else what `children` makes of the data.
 */
export function PanelQuery<T>({
  query,
  loadingLabel,
  errorTitle,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: PanelQueryProps<T>) {
  if (query.isPending) return <PanelLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <PanelError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

export interface PanelTableProps<Row> {
  query: UseQueryResult<Row[]>;
  /** What the rows are, in the plural: "members" gives "Loading members" and "Couldn’t load the members". */
  noun: string;
  /** The empty state when there are no rows. */
  empty: Pick<EmptyStateProps, 'icon' | 'title' | 'description'>;
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** The order to list the rows in, if not the server's. */
  order?: (rows: readonly Row[]) => readonly Row[];
}

/** A panel's body for one list: PanelQuery's states, and the loaded rows as a ColumnTable. */
export function PanelTable<Row>({
  query,
  noun,
  empty,
  columns,
  rowKey,
  order,
}: PanelTableProps<Row>) {
  return (
    <PanelQuery
      query={query}
      loadingLabel={`Loading ${noun}`}
      errorTitle={`Couldn’t load the ${noun}`}
      empty={<EmptyState {...empty} />}
    >
      {(rows) => (
        <ColumnTable columns={columns} rows={order ? order(rows) : rows} rowKey={rowKey} />
      )}
    </PanelQuery>
  );
}
