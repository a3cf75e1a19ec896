// Compact tables for the charts' "Table" view. Their own cells rather than components/ui/table's:
// those carry spacing for the call list, and class names do not override one another here.
import type { ComponentProps } from 'react';
import { cn } from '../../../lib/cn.ts';

export function DataTable({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full border-collapse text-left', className)} {...props} />;
}

/** A column header; `first`/`last` pad the table's edges to the card's padding. */
export function ColumnHeader({
  className,
  align = 'right',
  edge,
  ...props
}: ComponentProps<'th'> & { align?: 'left' | 'right'; edge?: 'first' | 'last' }) {
  return (
    <th
      scope="col"
      className={cn(
        'sticky top-0 z-10 border-b border-border bg-surface-muted py-2 text-xs font-medium whitespace-nowrap text-fg-muted',
        align === 'right' ? 'text-right' : 'text-left',
        edge === 'first' ? 'pr-3 pl-4 sm:pl-5' : edge === 'last' ? 'pr-4 pl-3 sm:pr-5' : 'px-3',
        className,
      )}
      {...props}
    />
  );
}

/** A row's name. */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="row"
      className={cn(
        'border-b border-border py-2 pr-3 pl-4 text-left font-normal whitespace-nowrap text-fg sm:pl-5',
        className,
      )}
      {...props}
    />
  );
}

export function NumberCell({
  className,
  edge,
  ...props
}: ComponentProps<'td'> & { edge?: 'last' }) {
  return (
    <td
      className={cn(
        'border-b border-border py-2 text-right tabular-nums',
        edge === 'last' ? 'pr-4 pl-3 sm:pr-5' : 'px-3',
        className,
      )}
      {...props}
    />
  );
}
