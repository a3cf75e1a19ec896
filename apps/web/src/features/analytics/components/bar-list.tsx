// A ranked list drawn as bars in HTML rather than SVG: names never get truncated into an axis at
// phone width, and each row is a link to the calls it counts (so the chart itself works from the
// keyboard and reads as a list to screen readers).
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { formatShare } from '../figures.ts';
import { CountLink } from './count-link.tsx';
import { ColumnHeader, DataTable, NumberCell, RowHeader } from './data-table.tsx';

export interface BarListItem {
  key: string;
  label: string;
  /** Under the label, smaller (a role, "you"). */
  detail?: string;
  value: number;
  href: string | null;
  /** A CSS colour for the bar; the accent by default. */
  colour?: string;
}

export function BarList({
  items,
  noun,
  label,
}: {
  items: readonly BarListItem[];
  /** What is counted, plural: "calls", "open calls". */
  noun: string;
  /** The list's accessible name. */
  label: string;
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ol aria-label={label} className="-mx-2 space-y-0.5">
      {items.map((item) => {
        const width = `${Math.max(item.value > 0 ? 1.5 : 0, (item.value / max) * 100)}%`;
        // The row's name is its text: "Leo Marsh: 40 open calls" (punctuation and noun for
        // screen readers only).
        const body = (
          <>
            <span className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate text-fg">
                {item.label}
                {item.detail ? (
                  <span className="ml-1.5 text-xs text-fg-subtle">
                    <span className="sr-only"> (</span>
                    {item.detail}
                    <span className="sr-only">)</span>
                  </span>
                ) : null}
                <span className="sr-only">: </span>
              </span>
              <span className="shrink-0 font-medium text-fg tabular-nums">
                {formatCount(item.value)}
                <span className="sr-only"> {noun}</span>
              </span>
            </span>
            <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-surface-muted">
              <span
                className="block h-full rounded-full bg-accent transition-[width] group-hover:brightness-110"
                style={{ width, ...(item.colour ? { backgroundColor: item.colour } : {}) }}
              />
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {item.href && item.value > 0 ? (
              <Link
                to={item.href}
                className="group block rounded-md px-2 py-1.5 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
              >
                {body}
              </Link>
            ) : (
              <div className="px-2 py-1.5">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The same numbers as a table: name, count (a link), share of the total. */
export function BarListTable({
  items,
  nameHeader,
  valueHeader,
  countLabel,
}: {
  items: readonly BarListItem[];
  nameHeader: string;
  valueHeader: string;
  /** What a row's count is, after the number: "calls handled by Front desk". */
  countLabel: (item: BarListItem) => string;
}) {
  const sum = items.reduce((count, item) => count + item.value, 0);
  return (
    <DataTable className="text-sm">
      <thead>
        <tr>
          <ColumnHeader align="left" edge="first">
            {nameHeader}
          </ColumnHeader>
          <ColumnHeader>{valueHeader}</ColumnHeader>
          <ColumnHeader edge="last">Share</ColumnHeader>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key}>
            <RowHeader className="whitespace-normal">
              {item.label}
              {item.detail ? (
                <span className="ml-1.5 text-xs text-fg-subtle">{item.detail}</span>
              ) : null}
            </RowHeader>
            <NumberCell>
              <CountLink value={item.value} href={item.href} label={countLabel(item)} />
            </NumberCell>
            <NumberCell edge="last" className="text-fg-muted">
              {sum > 0 ? formatShare(item.value / sum) : '—'}
            </NumberCell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
