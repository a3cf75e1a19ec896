// The page's controls: the period (last 7, 30, 90 days, or two chosen days) and the agent.
import type { Agent } from '@callboard/contract';
import { useId } from 'react';
import { AgentOptions } from '../../../components/ui/agent-options.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  customRangeFrom,
  RANGE_PRESETS,
  type AnalyticsFilters,
  type UseAnalyticsFilters,
} from '../hooks/use-analytics-filters.ts';
import { dayIn } from '../time.ts';

type RangeChoice = `${(typeof RANGE_PRESETS)[number]}` | 'custom';

const RANGE_OPTIONS: { value: RangeChoice; label: string }[] = [
  ...RANGE_PRESETS.map((days) => ({ value: `${days}` as RangeChoice, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

export function AnalyticsControls({
  filters,
  setFilters,
  agents,
  now,
  timeZone,
  rangeError,
}: {
  filters: AnalyticsFilters;
  setFilters: UseAnalyticsFilters['setFilters'];
  agents: readonly Agent[];
  now: number;
  timeZone: string;
  rangeError: string | null;
}) {
  const ids = useId();
  const { range } = filters;
  // The date pickers stop at today: there is nothing to count after it.
  const today = dayIn(now, timeZone);

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SegmentedControl
          legend="Period"
          hideLegend
          className="sm:w-80"
          value={range.kind === 'custom' ? 'custom' : (`${range.days}` as RangeChoice)}
          onValueChange={(choice) =>
            setFilters({
              range:
                choice === 'custom'
                  ? customRangeFrom(range, now, timeZone)
                  : { kind: 'preset', days: Number(choice) as (typeof RANGE_PRESETS)[number] },
            })
          }
          options={RANGE_OPTIONS}
        />
        <label htmlFor={`${ids}-agent`} className="sr-only">
          Agent
        </label>
        <Select
          id={`${ids}-agent`}
          value={filters.agentId ?? ''}
          onChange={(event) => setFilters({ agentId: event.target.value || null })}
          wrapperClassName="sm:w-52"
        >
          <AgentOptions agents={agents} selected={filters.agentId} />
        </Select>
      </div>
      {range.kind === 'custom' ? (
        <div className="flex flex-col gap-1.5 sm:items-end">
          <div className="flex items-center gap-2">
            <label htmlFor={`${ids}-from`} className="sr-only">
              First day
            </label>
            <Input
              id={`${ids}-from`}
              type="date"
              value={range.from ?? ''}
              max={range.to && range.to < today ? range.to : today}
              invalid={rangeError !== null}
              aria-describedby={rangeError ? `${ids}-error` : undefined}
              onChange={(event) =>
                setFilters({ range: { ...range, from: event.target.value || null } })
              }
              className="min-w-0 flex-1 sm:w-40 sm:flex-none"
              title="First day"
            />
            <span aria-hidden="true" className="text-fg-subtle">
              –
            </span>
            <label htmlFor={`${ids}-to`} className="sr-only">
              Last day
            </label>
            <Input
              id={`${ids}-to`}
              type="date"
              value={range.to ?? ''}
              min={range.from ?? undefined}
              max={today}
              invalid={rangeError !== null}
              aria-describedby={rangeError ? `${ids}-error` : undefined}
              onChange={(event) =>
                setFilters({ range: { ...range, to: event.target.value || null } })
              }
              className="min-w-0 flex-1 sm:w-40 sm:flex-none"
              title="Last day"
            />
          </div>
          {rangeError ? (
            <p id={`${ids}-error`} role="alert" className="text-sm text-danger-fg">
              {rangeError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
