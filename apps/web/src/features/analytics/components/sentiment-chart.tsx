// How callers felt: a donut of the calls received by sentiment, with a legend whose rows open
// the calls of each slice.
import type { AnalyticsResponse, Sentiment } from '@callboard/contract';
import { Link, useNavigate } from 'react-router';
import { Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts';
import { formatCount } from '../../../lib/format.ts';
import { drillDown, type DrillContext } from '../drill-down.ts';
import { formatShare } from '../figures.ts';
import { SENTIMENT_LABELS } from '../../../lib/call-labels.ts';
import { SENTIMENT_COLOURS } from './chart-theme.ts';
import { BarListTable } from './bar-list.tsx';
import { ChartCard } from './chart-card.tsx';

type SentimentRow = AnalyticsResponse['series']['sentiment'][number];

const ORDER: (Sentiment | 'none')[] = ['positive', 'neutral', 'negative', 'none'];

interface Slice {
  key: Sentiment | 'none';
  sentiment: Sentiment | null;
  label: string;
  calls: number;
  fill: string;
  href: string;
}

function SliceTooltip({ active, payload }: TooltipContentProps) {
  const slice = payload[0]?.payload as (Slice & { share: number }) | undefined;
  if (!active || !slice) return null;
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-lg">
      <p className="flex items-center gap-1.5 font-medium text-fg">
        <span className="size-2 rounded-xs" style={{ backgroundColor: slice.fill }} />
        {slice.label}
      </p>
      <p className="mt-0.5 text-fg-muted tabular-nums">
        {formatCount(slice.calls)} calls · {formatShare(slice.share)}
      </p>
    </div>
  );
}

export function SentimentChart({
  rows,
  context,
  className,
}: {
  rows: readonly SentimentRow[];
  context: DrillContext;
  className?: string;
}) {
  const navigate = useNavigate();
  const byKey = new Map(rows.map((row) => [row.sentiment ?? 'none', row.calls]));
  const slices: Slice[] = ORDER.filter((key) => key !== 'none' || byKey.has('none')).map((key) => {
    const sentiment = key === 'none' ? null : key;
    return {
      key,
      sentiment,
      label: SENTIMENT_LABELS[key],
      calls: byKey.get(key) ?? 0,
      fill: SENTIMENT_COLOURS[key],
      href: drillDown.sentiment(context, sentiment),
    };
  });
  const sum = slices.reduce((count, slice) => count + slice.calls, 0);
  const data = slices.map((slice) => ({ ...slice, share: sum > 0 ? slice.calls / sum : 0 }));
  const summary =
    sum === 0
      ? 'No calls in this period.'
      : `Donut chart of ${formatCount(sum)} calls by sentiment: ${data
          .map(
            (slice) => `${slice.label} ${formatCount(slice.calls)} (${formatShare(slice.share)})`,
          )
          .join(', ')}.`;

  return (
    <ChartCard
      title="Sentiment"
      description="Calls received, by how the caller came across."
      table={
        <BarListTable
          items={slices.map((slice) => ({
            key: slice.key,
            label: slice.label,
            value: slice.calls,
            href: slice.href,
          }))}
          nameHeader="Sentiment"
          valueHeader="Calls"
          countLabel={(item) =>
            item.key === 'none' ? 'calls without a sentiment' : `${item.label.toLowerCase()} calls`
          }
        />
      }
      className={className}
    >
      <div className="flex h-full flex-col items-center justify-center gap-5 sm:flex-row sm:gap-8">
        <div role="img" aria-label={summary} className="relative size-44 shrink-0">
          <ResponsiveContainer
            width="100%"
            height="100%"
            initialDimension={{ width: 176, height: 176 }}
          >
            <PieChart accessibilityLayer={false}>
              <Pie
                data={data.filter((slice) => slice.calls > 0)}
                dataKey="calls"
                nameKey="label"
                innerRadius="64%"
                outerRadius="100%"
                paddingAngle={1.5}
                stroke="var(--surface)"
                strokeWidth={1}
                startAngle={90}
                endAngle={-270}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(item) => {
                  const slice = item.payload as Slice | undefined;
                  if (slice) void navigate(slice.href);
                }}
              />
              <Tooltip
                content={SliceTooltip}
                isAnimationActive={false}
                wrapperStyle={{ zIndex: 10 }}
              />
            </PieChart>
          </ResponsiveContainer>
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
            <span className="text-xl font-semibold text-fg tabular-nums">{formatCount(sum)}</span>
            <span className="text-xs text-fg-muted">calls</span>
          </div>
        </div>
        <ul aria-label="Sentiment" className="w-full min-w-0 flex-1 space-y-0.5">
          {data.map((slice) => {
            const body = (
              <>
                <span className="flex min-w-0 items-center gap-2">
                  <span
                    className="size-2.5 shrink-0 rounded-xs"
                    style={{ backgroundColor: slice.fill }}
                  />
                  <span className="truncate text-fg">
                    {slice.label}
                    <span className="sr-only">: </span>
                  </span>
                </span>
                <span className="flex shrink-0 items-baseline gap-2 tabular-nums">
                  <span className="font-medium text-fg">
                    {formatCount(slice.calls)}
                    <span className="sr-only"> calls, </span>
                  </span>
                  <span className="w-12 text-right text-xs text-fg-muted">
                    {sum > 0 ? formatShare(slice.share) : '—'}
                  </span>
                </span>
              </>
            );
            const rowClass =
              'flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm';
            return (
              <li key={slice.key}>
                {slice.calls > 0 ? (
                  <Link
                    to={slice.href}
                    className={`${rowClass} hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring`}
                  >
                    {body}
                  </Link>
                ) : (
                  <div className={rowClass}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </ChartCard>
  );
}
