// Calls received per local day, stacked by their status now. A click on a segment opens that
// day's calls of that status; the table's numbers do the same from the keyboard.
import { CALL_STATUSES, type AnalyticsResponse, type CallStatus } from '@callboard/contract';
import { useNavigate } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatCount } from '../../../lib/format.ts';
import { drillDown, type DrillContext } from '../drill-down.ts';
import { longDayLabel, mediumDayLabel, shortDayLabel } from '../labels.ts';
import { AXIS_TICK, GRID_STROKE, STATUS_COLOURS } from './chart-theme.ts';
import { ChartCard } from './chart-card.tsx';
import { CountLink } from './count-link.tsx';
import { ColumnHeader, DataTable, NumberCell, RowHeader } from './data-table.tsx';

type PerDay = AnalyticsResponse['series']['perDay'][number];

const total = (day: PerDay) => day.New + day['In progress'] + day.Closed;

function DayTooltip({ active, payload }: TooltipContentProps) {
  const day = payload[0]?.payload as PerDay | undefined;
  if (!active || !day) return null;
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-lg">
      <p className="font-medium text-fg">{longDayLabel(day.date)}</p>
      <dl className="mt-1.5 grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5">
        {[...CALL_STATUSES].reverse().map((status) => (
          <div key={status} className="contents">
            <dt className="flex items-center gap-1.5 text-fg-muted">
              <span
                className="size-2 rounded-xs"
                style={{ backgroundColor: STATUS_COLOURS[status] }}
              />
              {status}
            </dt>
            <dd className="text-right text-fg tabular-nums">{formatCount(day[status])}</dd>
          </div>
        ))}
        <dt className="mt-0.5 border-t border-border pt-0.5 text-fg-muted">Total</dt>
        <dd className="mt-0.5 border-t border-border pt-0.5 text-right font-medium text-fg tabular-nums">
          {formatCount(total(day))}
        </dd>
      </dl>
    </div>
  );
}

function summaryOf(days: readonly PerDay[]): string {
  const busiest = days.reduce<PerDay | null>(
    (best, day) => (best === null || total(day) > total(best) ? day : best),
    null,
  );
  const sum = days.reduce((count, day) => count + total(day), 0);
  if (!busiest) return 'No days in this period.';
  return `Stacked bar chart of ${formatCount(sum)} calls over ${days.length} days by status. Busiest day: ${longDayLabel(busiest.date)} with ${formatCount(total(busiest))} calls.`;
}

export function CallsPerDayChart({
  days,
  context,
  className,
}: {
  days: readonly PerDay[];
  context: DrillContext;
  className?: string;
}) {
  const navigate = useNavigate();
  const open = (day: PerDay | undefined, status: CallStatus) => {
    if (day && day[status] > 0) void navigate(drillDown.day(context, day.date, status));
  };
  const empty = days.every((day) => total(day) === 0);

  const table = (
    <DataTable className="text-sm">
      <thead>
        <tr>
          <ColumnHeader align="left" edge="first">
            Day
          </ColumnHeader>
          {CALL_STATUSES.map((status) => (
            <ColumnHeader key={status}>{status}</ColumnHeader>
          ))}
          <ColumnHeader edge="last">Total</ColumnHeader>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <RowHeader>{mediumDayLabel(day.date)}</RowHeader>
            {CALL_STATUSES.map((status) => (
              <NumberCell key={status}>
                <CountLink
                  value={day[status]}
                  href={drillDown.day(context, day.date, status)}
                  label={`${status} calls on ${mediumDayLabel(day.date)}`}
                />
              </NumberCell>
            ))}
            <NumberCell edge="last">
              <CountLink
                value={total(day)}
                href={drillDown.day(context, day.date)}
                label={`calls on ${mediumDayLabel(day.date)}`}
              />
            </NumberCell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );

  return (
    <ChartCard
      title="Calls per day"
      description="Calls received each day, by their status now."
      summary={summaryOf(days)}
      table={table}
      className={className}
    >
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-hidden="true">
        {CALL_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span
              className="size-2.5 rounded-xs"
              style={{ backgroundColor: STATUS_COLOURS[status] }}
            />
            {status}
          </li>
        ))}
      </ul>
      <div className={empty ? 'opacity-60' : undefined}>
        <ResponsiveContainer
          width="100%"
          height={240}
          initialDimension={{ width: 600, height: 240 }}
        >
          <BarChart
            data={days}
            margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
            barCategoryGap="18%"
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke={GRID_STROKE} />
            <XAxis
              dataKey="date"
              tickFormatter={shortDayLabel}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: GRID_STROKE }}
              minTickGap={16}
              interval="preserveStartEnd"
            />
            {/* As wide as its longest label: a fixed width cut "1,600" to "600". */}
            <YAxis
              allowDecimals={false}
              tick={AXIS_TICK}
              tickFormatter={formatCount}
              tickLine={false}
              axisLine={false}
              width="auto"
            />
            <Tooltip
              content={DayTooltip}
              cursor={{ fill: 'var(--surface-muted)' }}
              isAnimationActive={false}
            />
            {CALL_STATUSES.map((status, index) => (
              <Bar
                key={status}
                dataKey={status}
                stackId="status"
                fill={STATUS_COLOURS[status]}
                radius={index === CALL_STATUSES.length - 1 ? [3, 3, 0, 0] : 0}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(item) => open(item.payload as PerDay | undefined, status)}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
