// A chart's frame: heading, what it shows, and a switch to the same numbers as a table (whose
// numbers are links, so every drill-down works from the keyboard and for screen readers).
import { useId, useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { IconTable } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';

export interface ChartCardProps {
  title: string;
  description: string;
  /** The chart. */
  children: ReactNode;
  /** The same numbers as a table. */
  table: ReactNode;
  /**
   * A one-sentence summary for screen readers. Given, the chart is one image with that text (for
   * drawings whose parts cannot be reached otherwise); omitted, the chart's own markup is read.
   */
  summary?: string;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: ReactNode;
  className?: string;
}

export function ChartCard({
  title,
  description,
  children,
  table,
  summary,
  empty,
  className,
}: ChartCardProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  let body: ReactNode;
  if (empty) {
    body = empty;
  } else if (showTable) {
    // Long tables (90 days) scroll inside the card; their header row stays in view.
    body = (
      <div className="-mx-4 max-h-[26rem] overflow-auto border-y border-border sm:-mx-5">
        {table}
      </div>
    );
  } else if (summary) {
    body = (
      <div role="img" aria-label={summary}>
        {children}
      </div>
    );
  } else {
    body = children;
  }
  return (
    <Card
      role="region"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={cn('flex min-w-0 flex-col', className)}
    >
      <div className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-5">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-sm font-semibold text-fg">
            {title}
          </h2>
          <p id={`${id}-description`} className="mt-0.5 text-sm text-fg-muted">
            {description}
          </p>
        </div>
        {empty ? null : (
          <button
            type="button"
            aria-pressed={showTable}
            onClick={() => setShowTable((shown) => !shown)}
            title={showTable ? 'Back to the chart' : 'Show the numbers as a table'}
            className="-mt-1 -mr-2 inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:bg-surface-muted aria-pressed:text-fg"
          >
            <IconTable />
            <span className="sr-only">Show {title} as a</span>
            <span>Table</span>
          </button>
        )}
      </div>
      <div className="flex-1 px-4 pt-4 pb-4 sm:px-5">{body}</div>
    </Card>
  );
}
