// /analytics: how the organisation's calls are going — what came in, what is still open, who
// carries the load, what went badly — each number one click from the calls behind it
// (drill-down.ts). Period and agent live in the URL (use-analytics-filters.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconInbox, IconRefresh } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatTime } from '../../../lib/format.ts';
import { organisationKeys, useAgents, useMembers } from '../../../lib/organisation-directory.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { analyticsKeys } from '../api/analytics-keys.ts';
import { isNoOrganisationError } from '../api/api-errors.ts';
import { useAnalytics, type AnalyticsQuery } from '../api/get-analytics.ts';
import { useLiveAnalytics } from '../hooks/use-live-analytics.ts';
import type { DrillContext } from '../drill-down.ts';
import {
  resolveRange,
  useAnalyticsFilters,
  type AnalyticsFilters,
} from '../hooks/use-analytics-filters.ts';
import { periodLabel } from '../labels.ts';
import { browserTimeZone } from '../time.ts';
import { AnalyticsControls } from './analytics-controls.tsx';
import { CallsPerDayChart } from './calls-per-day-chart.tsx';
import { CHART_COLOUR_VARIABLES } from './chart-theme.ts';
import { FigureCards, FigureCardsSkeleton } from './figure-cards.tsx';
import { HeatmapChart } from './heatmap-chart.tsx';
import { NoOrganisation } from './no-organisation.tsx';
import { CallsByAgentChart, DisconnectionReasonsChart, WorkloadChart } from './ranking-charts.tsx';
import { SentimentChart } from './sentiment-chart.tsx';

function rangeName(filters: AnalyticsFilters): string | null {
  return filters.range.kind === 'preset' ? `Last ${filters.range.days} days` : null;
}

function ChartSkeleton({ className, height = 'h-56' }: { className?: string; height?: string }) {
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-2 h-3.5 w-56 max-w-full" />
      <Skeleton className={cn('mt-5 w-full', height)} />
    </Card>
  );
}

function LoadingState() {
  return (
    <div role="status" aria-label="Loading analytics" className="space-y-4">
      <FigureCardsSkeleton />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartSkeleton className="lg:col-span-2" height="h-64" />
        <ChartSkeleton />
        <ChartSkeleton />
      </div>
    </div>
  );
}

export function AnalyticsScreen() {
  const session = useAuthSession();
  const user = session?.user ?? null;
  const hasOrganisation = Boolean(user?.organisation);
  const { filters, setFilters } = useAnalyticsFilters();
  const queryClient = useQueryClient();
  const [timeZone] = useState(browserTimeZone);
  // "Now" for the presets: fixed while the page is open (so the numbers and their links agree),
  // moved on by Refresh.
  const [now, setNow] = useState(() => Date.now());
  const resolved = useMemo(
    () => resolveRange(filters.range, now, timeZone),
    [filters.range, now, timeZone],
  );
  const query = useMemo<AnalyticsQuery | null>(
    () =>
      resolved.ok
        ? {
            from: resolved.period.from,
            to: resolved.period.to,
            tz: timeZone,
            ...(filters.agentId ? { agentId: filters.agentId } : {}),
          }
        : null,
    [resolved, timeZone, filters.agentId],
  );
  const analytics = useAnalytics(query, { enabled: hasOrganisation });
  useLiveAnalytics({ enabled: hasOrganisation });
  const agents = useAgents({ enabled: hasOrganisation });
  const members = useMembers({ enabled: hasOrganisation });

  const noOrganisation = !hasOrganisation || isNoOrganisationError(analytics.error);
  const data = analytics.data;
  const context = useMemo<DrillContext | null>(
    () =>
      data
        ? {
            period: data.period,
            agentId: filters.agentId,
            timeZone,
            currentUserId: user?.id ?? null,
            now,
          }
        : null,
    [data, filters.agentId, timeZone, user?.id, now],
  );

  function refresh() {
    setNow(Date.now());
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    // The charts' names too: a colleague may have joined, or an agent been renamed.
    void queryClient.invalidateQueries({ queryKey: organisationKeys.all });
  }

  const name = rangeName(filters);
  const heading = (
    <div className="min-w-0">
      <title>Analytics · Callboard</title>
      <h1 className="text-xl font-semibold tracking-tight text-fg">Analytics</h1>
      {user?.organisation ? (
        <p className="mt-1 text-sm text-pretty text-fg-muted">
          {data ? (
            <>
              <span className="font-medium text-fg">
                {name && !analytics.isPlaceholderData ? `${name}: ` : null}
                {periodLabel(data.period)}
              </span>{' '}
              compared with {periodLabel(data.previousPeriod)}
            </>
          ) : (
            `How the calls of ${user.organisation.name} are going.`
          )}
        </p>
      ) : null}
    </div>
  );

  if (noOrganisation) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {heading}
        <Card className="mt-6">
          <NoOrganisation email={user?.email ?? null} />
        </Card>
      </main>
    );
  }

  let body;
  if (!data && !resolved.ok) {
    body = (
      <Card>
        <EmptyState
          icon={<IconInbox />}
          title="Choose the days to show"
          description={resolved.message}
        />
      </Card>
    );
  } else if (analytics.isPending) {
    body = <LoadingState />;
  } else if (analytics.isError && !data) {
    body = (
      <Card>
        <LoadError
          title="We couldn't load the analytics"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      </Card>
    );
  } else if (data && context) {
    const noCalls = data.figures.callsReceived.value === 0;
    const stale = analytics.isPlaceholderData;
    body = (
      <div
        aria-busy={stale || undefined}
        className={cn(
          'space-y-4 transition-opacity',
          stale && 'pointer-events-none opacity-60 delay-150',
        )}
      >
        {analytics.isError ? (
          <p role="alert" className="text-sm text-danger-fg">
            These numbers are out of date: {errorMessage(analytics.error)}
          </p>
        ) : null}
        <FigureCards figures={data.figures} context={context} />
        {noCalls ? (
          <Card>
            <EmptyState
              icon={<IconInbox />}
              title="No calls in this period"
              description={`No calls ended in this period (${periodLabel(data.period)})${
                filters.agentId ? ' for this agent' : ''
              }. Open calls from before still count in the backlog.`}
              action={
                <>
                  {filters.range.kind !== 'preset' || filters.range.days !== 90 ? (
                    <Button
                      variant="secondary"
                      onClick={() => setFilters({ range: { kind: 'preset', days: 90 } })}
                    >
                      Show the last 90 days
                    </Button>
                  ) : null}
                  {filters.agentId ? (
                    <Button variant="secondary" onClick={() => setFilters({ agentId: null })}>
                      Show all agents
                    </Button>
                  ) : null}
                </>
              }
            />
          </Card>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          {noCalls ? null : (
            <CallsPerDayChart
              days={data.series.perDay}
              context={context}
              className="lg:col-span-2"
            />
          )}
          {noCalls ? null : <CallsByAgentChart rows={data.series.byAgent} context={context} />}
          <WorkloadChart
            rows={data.series.workload}
            members={members.data ?? []}
            context={context}
            className={noCalls ? 'lg:col-span-2' : undefined}
          />
          {noCalls ? null : <SentimentChart rows={data.series.sentiment} context={context} />}
          {noCalls ? null : (
            <DisconnectionReasonsChart rows={data.series.disconnectionReasons} context={context} />
          )}
          {noCalls ? null : (
            <HeatmapChart cells={data.series.heatmap} context={context} className="lg:col-span-2" />
          )}
        </div>
      </div>
    );
  }

  return (
    <main className={cn('mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8', CHART_COLOUR_VARIABLES)}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        {heading}
        <AnalyticsControls
          filters={filters}
          setFilters={setFilters}
          agents={agents.data ?? []}
          now={now}
          timeZone={timeZone}
          rangeError={resolved.ok ? null : resolved.message}
        />
      </div>
      <div className="mt-2 flex min-h-6 items-center gap-2 text-xs text-fg-subtle">
        {analytics.dataUpdatedAt > 0 ? (
          <span>Updated {formatTime(new Date(analytics.dataUpdatedAt))}</span>
        ) : null}
        {analytics.isFetching && !analytics.isPending ? (
          <span className="inline-flex items-center gap-1" aria-live="polite">
            <Spinner className="size-3" />
            <span className="sr-only">Updating…</span>
          </span>
        ) : data ? (
          <button
            type="button"
            onClick={refresh}
            className="inline-flex items-center gap-1 rounded-sm font-medium text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <IconRefresh className="size-3" />
            Refresh
          </button>
        ) : null}
      </div>
      <div className="mt-4">{body}</div>
    </main>
  );
}
