// The headline figures: value, change against the previous period, and — the whole card being a
// link — the calls behind the number.
import type { AnalyticsResponse } from '@callboard/contract';
import { Link } from 'react-router';
import {
  IconArrowDownRight,
  IconArrowRight,
  IconArrowUpRight,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { drillDown, type DrillContext } from '../drill-down.ts';
import {
  figureChange,
  FIGURES,
  formatFigure,
  type FigureChange,
  type FigureDefinition,
} from '../figures.ts';

/** When a past backlog was measured: "the end of 15 Nov" for a midnight, else the minute. */
function endLabel(to: string): string {
  const end = new Date(to);
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0;
  if (!midnight) return formatDateTime(end);
  const lastDay = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  return `the end of ${lastDayFormat.format(lastDay)}`;
}

const lastDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7';

const TONE_CLASS: Record<FigureChange['tone'], string> = {
  good: 'text-success-fg',
  bad: 'text-danger-fg',
  neutral: 'text-fg-muted',
};

function ChangeBadge({ change }: { change: FigureChange }) {
  const Icon =
    change.direction === 'up'
      ? IconArrowUpRight
      : change.direction === 'down'
        ? IconArrowDownRight
        : IconArrowRight;
  return (
    <span
      className={cn('inline-flex items-center gap-0.5 font-medium', TONE_CLASS[change.tone])}
      title={change.description}
    >
      {change.direction === 'none' ? null : <Icon className="size-3.5" />}
      <span aria-hidden="true">{change.label}</span>
      <span className="sr-only">{change.description}</span>
    </span>
  );
}

function FigureCard({
  definition,
  figure,
  href,
  note,
}: {
  definition: FigureDefinition;
  figure: AnalyticsResponse['figures'][keyof AnalyticsResponse['figures']];
  href: string | null;
  note: string | null;
}) {
  const change = figureChange(figure, definition);
  const content = (
    <>
      <span className="block text-[13px] leading-5 font-medium text-fg-muted">
        {definition.label}
      </span>
      <span
        data-figure-value=""
        // Seven cards a row from `xl` leave each some 130 px: a step smaller there, so that
        // "11 h 48 min" stays on one line.
        className="mt-1 block text-2xl leading-8 font-semibold tracking-tight text-fg tabular-nums xl:text-xl 2xl:text-2xl"
      >
        {formatFigure(figure.value, definition.format)}
      </span>
      <span className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs">
        {figure.previous === null ? (
          <span className="text-fg-subtle">No earlier data</span>
        ) : (
          <>
            <ChangeBadge change={change} />
            <span className="text-fg-subtle" aria-hidden="true">
              vs {formatFigure(figure.previous, definition.format)}
            </span>
          </>
        )}
      </span>
      {note ? <span className="mt-1.5 block text-xs text-fg-subtle">{note}</span> : null}
    </>
  );
  const base =
    'block h-full rounded-xl border border-border bg-surface p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04)] dark:shadow-none';
  return (
    <li>
      {href ? (
        <Link
          to={href}
          title={`${definition.description} Open these calls.`}
          className={cn(
            base,
            'transition-colors hover:border-accent/60 hover:bg-surface-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          {content}
        </Link>
      ) : (
        <div
          className={base}
          title={`${definition.description} The call list shows calls as they are now, so a past backlog has no list to open.`}
        >
          {content}
        </div>
      )}
    </li>
  );
}

export function FigureCards({
  figures,
  context,
}: {
  figures: AnalyticsResponse['figures'];
  context: DrillContext;
}) {
  return (
    <ul aria-label="Headline figures" className={GRID}>
      {FIGURES.map((definition) => {
        const href = drillDown[definition.key](context);
        // A backlog measured at a past instant has no list (the list filters on calls as now).
        const note = href === null ? `At ${endLabel(context.period.to)}` : null;
        return (
          <FigureCard
            key={definition.key}
            definition={definition}
            figure={figures[definition.key]}
            href={href}
            note={note}
          />
        );
      })}
    </ul>
  );
}

export function FigureCardsSkeleton() {
  return (
    <ul aria-hidden="true" className={GRID}>
      {FIGURES.map((definition) => (
        <li key={definition.key} className="rounded-xl border border-border bg-surface p-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-2.5 h-7 w-20" />
          <Skeleton className="mt-2.5 h-3.5 w-16" />
        </li>
      ))}
    </ul>
  );
}
