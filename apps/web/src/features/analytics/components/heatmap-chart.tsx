// When calls come in: a weekday × hour grid (local time), darker for more calls. A click on a
// cell opens the calls of that weekday and hour in the period; the table's numbers do the same
// from the keyboard. Drawn in HTML (recharts has no heat map; a grid of boxes needs no library).
import type { AnalyticsResponse } from '@callboard/contract';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { drillDown, type DrillContext } from '../drill-down.ts';
import { hourRangeLabel, hourTickLabel, weekdayLongLabel, weekdayShortLabel } from '../labels.ts';
import { ChartCard } from './chart-card.tsx';
import { CountLink } from './count-link.tsx';
import { ColumnHeader, DataTable, NumberCell, RowHeader } from './data-table.tsx';

type Cell = AnalyticsResponse['series']['heatmap'][number];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The accent mixed into the empty-cell colour: at least 12% for one call, 100% at the most. */
export function cellShade(calls: number, max: number): number {
  if (calls <= 0 || max <= 0) return 0;
  return Math.round(12 + 88 * Math.sqrt(calls / max));
}

function cellBackground(shade: number): string {
  return shade === 0
    ? 'var(--surface-muted)'
    : `color-mix(in oklab, var(--chart-heat) ${shade}%, var(--surface-muted))`;
}

export function HeatmapChart({
  cells,
  context,
  className,
}: {
  cells: readonly Cell[];
  context: DrillContext;
  className?: string;
}) {
  const navigate = useNavigate();
  const counts = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.calls]));
  const countAt = (weekday: number, hour: number) => counts.get(`${weekday}:${hour}`) ?? 0;
  const max = Math.max(0, ...cells.map((cell) => cell.calls));
  const busiest = cells.reduce<Cell | null>(
    (best, cell) => (best === null || cell.calls > best.calls ? cell : best),
    null,
  );
  const summary = busiest
    ? `Heat map of calls by weekday and hour of the day. Busiest: ${weekdayLongLabel(busiest.weekday)}s ${hourRangeLabel(busiest.hour)}, with ${formatCount(busiest.calls)} calls.`
    : 'No calls in this period.';

  const table = (
    <DataTable className="text-xs">
      <thead>
        <tr>
          <ColumnHeader align="left" edge="first" className="left-0 z-20">
            Weekday
          </ColumnHeader>
          {HOURS.map((hour) => (
            <ColumnHeader key={hour} edge={hour === 23 ? 'last' : undefined}>
              <abbr title={hourRangeLabel(hour)} className="no-underline">
                {hourTickLabel(hour)}
              </abbr>
            </ColumnHeader>
          ))}
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((weekday) => (
          <tr key={weekday}>
            <RowHeader className="sticky left-0 z-10 bg-surface">
              {weekdayLongLabel(weekday)}
            </RowHeader>
            {HOURS.map((hour) => (
              <NumberCell key={hour} edge={hour === 23 ? 'last' : undefined}>
                <CountLink
                  value={countAt(weekday, hour)}
                  href={drillDown.heatmapCell(context, weekday, hour)}
                  label={`calls on ${weekdayLongLabel(weekday)}s ${hourRangeLabel(hour)}`}
                />
              </NumberCell>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );

  return (
    <ChartCard
      title="Calls by hour and weekday"
      description="When calls end, in your local time."
      summary={summary}
      table={table}
      className={className}
    >
      <div className="grid grid-cols-[auto_repeat(24,minmax(0,1fr))] gap-0.5 sm:gap-1">
        <span />
        {HOURS.map((hour) => (
          <span
            key={hour}
            className="pb-1 text-center text-[10px] leading-none whitespace-nowrap text-fg-subtle sm:text-xs"
          >
            {hour % 3 === 0 ? hourTickLabel(hour) : ''}
          </span>
        ))}
        {WEEKDAYS.map((weekday) => (
          <div key={weekday} className="contents">
            <span className="pr-1.5 text-[11px] leading-none text-fg-subtle sm:pr-2 sm:text-xs">
              <span className="flex h-full items-center">{weekdayShortLabel(weekday)}</span>
            </span>
            {HOURS.map((hour) => {
              const calls = countAt(weekday, hour);
              const title = `${weekdayLongLabel(weekday)}s ${hourRangeLabel(hour)}: ${formatCount(calls)} ${calls === 1 ? 'call' : 'calls'}`;
              return (
                <div
                  key={hour}
                  title={title}
                  data-calls={calls}
                  onClick={
                    calls > 0
                      ? () => void navigate(drillDown.heatmapCell(context, weekday, hour))
                      : undefined
                  }
                  className={`h-5 rounded-[3px] sm:h-6 ${calls > 0 ? 'cursor-pointer hover:outline-2 hover:outline-fg/60' : ''}`}
                  style={{ backgroundColor: cellBackground(cellShade(calls, max)) }}
                />
              );
            })}
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-end gap-1.5 text-xs text-fg-subtle">
        <span>Fewer</span>
        {[0, 0.1, 0.35, 0.65, 1].map((step) => (
          <span
            key={step}
            className="size-3 rounded-[3px]"
            style={{ backgroundColor: cellBackground(cellShade(step * max, max)) }}
          />
        ))}
        <span>More{max > 0 ? ` (${formatCount(max)})` : ''}</span>
      </div>
    </ChartCard>
  );
}
