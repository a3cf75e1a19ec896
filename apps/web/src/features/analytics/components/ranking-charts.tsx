// Who carries the load and how calls end: calls by agent, open calls by assignee (now), and
// disconnection reasons — ranked bar lists whose rows open the calls behind them.
import type { AnalyticsResponse, Member } from '@callboard/contract';
import { drillDown, type DrillContext } from '../drill-down.ts';
import { reasonLabel } from '../labels.ts';
import { BarList, BarListTable, type BarListItem } from './bar-list.tsx';
import { ChartCard } from './chart-card.tsx';

type Series = AnalyticsResponse['series'];

function memberName(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

export function CallsByAgentChart({
  rows,
  context,
  className,
}: {
  rows: Series['byAgent'];
  context: DrillContext;
  className?: string;
}) {
  const items: BarListItem[] = rows.map((row) => ({
    key: row.agent_id,
    label: row.display_name ?? row.agent_id,
    value: row.calls,
    href: drillDown.agent(context, row.agent_id),
  }));
  return (
    <ChartCard
      title="Calls by agent"
      description="Calls received, by the agent that handled them."
      table={
        <BarListTable
          items={items}
          nameHeader="Agent"
          valueHeader="Calls"
          countLabel={(item) => `calls handled by ${item.label}`}
        />
      }
      className={className}
    >
      <BarList items={items} noun="calls" label="Calls by agent" />
    </ChartCard>
  );
}

export function WorkloadChart({
  rows,
  members,
  context,
  className,
}: {
  rows: Series['workload'];
  members: readonly Member[];
  context: DrillContext;
  className?: string;
}) {
  const byId = new Map(members.map((member) => [member.id, member]));
  const items: BarListItem[] = rows.map((row) => {
    const member = row.assignee_id === null ? undefined : byId.get(row.assignee_id);
    return {
      key: row.assignee_id ?? 'unassigned',
      label:
        row.assignee_id === null ? 'Unassigned' : member ? memberName(member) : 'Former colleague',
      detail:
        row.assignee_id !== null && row.assignee_id === context.currentUserId ? 'you' : undefined,
      value: row.open,
      href: drillDown.workload(context, row.assignee_id),
      colour: row.assignee_id === null ? 'var(--chart-progress)' : undefined,
    };
  });
  return (
    <ChartCard
      title="Open calls by assignee"
      description="Who holds the open calls right now."
      table={
        <BarListTable
          items={items}
          nameHeader="Assignee"
          valueHeader="Open calls"
          countLabel={(item) =>
            item.key === 'unassigned'
              ? 'open calls unassigned'
              : `open calls assigned to ${item.label}`
          }
        />
      }
      empty={
        items.length === 0 ? (
          <p className="py-8 text-center text-sm text-fg-muted">No open calls. All caught up.</p>
        ) : undefined
      }
      className={className}
    >
      <BarList items={items} noun="open calls" label="Open calls by assignee" />
    </ChartCard>
  );
}

export function DisconnectionReasonsChart({
  rows,
  context,
  className,
}: {
  rows: Series['disconnectionReasons'];
  context: DrillContext;
  className?: string;
}) {
  const items: BarListItem[] = rows.map((row) => ({
    key: row.reason ?? 'none',
    label: reasonLabel(row.reason),
    value: row.calls,
    href: drillDown.disconnectionReason(context, row.reason),
  }));
  return (
    <ChartCard
      title="Disconnection reasons"
      description="How the calls received ended."
      table={
        <BarListTable
          items={items}
          nameHeader="Reason"
          valueHeader="Calls"
          countLabel={(item) =>
            item.key === 'none' ? 'calls without a reason' : `calls ended by: ${item.label}`
          }
        />
      }
      className={className}
    >
      <BarList items={items} noun="calls" label="Disconnection reasons" />
    </ChartCard>
  );
}
