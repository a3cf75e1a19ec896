// The audit log: who did what, when, to what — filterable by action, person and dates; paged.
import { AUDIT_ACTIONS, type AuditEntry } from '@callboard/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ColumnTable, type TableColumn } from '../../../components/ui/column-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconFileText } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAudit, type AuditListQuery } from '../api/audit.ts';
import { useAdminMembers } from '../api/members.ts';
import {
  actorName,
  AUDIT_ACTION_LABELS,
  describeAuditEntry,
  memberName,
  nameLookup,
  type AuditAction,
} from '../audit-format.ts';
import { PanelHeader, PanelQuery } from './panel-states.tsx';

const PAGE_SIZES = [25, 50, 100] as const;

/** A yyyy-mm-dd from a date input as the start of that day here, in ISO. */
function startOfDay(value: string, plusDays = 0): string | undefined {
  if (!value) return undefined;
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return new Date(year, month - 1, day + plusDays).toISOString();
}

export function AuditPanel() {
  const id = useId();
  const members = useAdminMembers();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actorId, setActorId] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(50);

  const rangeInvalid = Boolean(fromDay && toDay && fromDay > toDay);
  const query: AuditListQuery = {
    page,
    pageSize,
    action: action || undefined,
    actorId: actorId || undefined,
    from: startOfDay(fromDay),
    // "To" is the whole of that day.
    to: rangeInvalid ? undefined : startOfDay(toDay, 1),
  };
  const audit = useAudit(query);
  const names = nameLookup(members.data ?? []);
  const filtered = Boolean(action || actorId || fromDay || toDay);

  const columns: TableColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: 'When',
      card: 'title',
      cellClassName: 'whitespace-nowrap text-fg-muted tabular-nums max-sm:text-xs',
      cell: (entry) => formatDateTime(entry.created_at),
    },
    {
      id: 'who',
      header: 'Who',
      cellClassName: 'whitespace-nowrap',
      cell: (entry) => actorName(entry, names),
    },
    {
      id: 'action',
      header: 'Action',
      cellClassName: 'whitespace-nowrap font-medium',
      cell: (entry) => AUDIT_ACTION_LABELS[entry.action],
    },
    {
      id: 'details',
      header: 'Details',
      cellClassName: 'break-words text-fg-muted max-sm:items-start',
      cell: (entry) => describeAuditEntry(entry, names),
    },
  ];

  function resetPage<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }

  const filters = (
    <div className="grid grid-cols-2 gap-3 border-b border-border px-4 py-4 sm:px-5 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <div>
        <Label htmlFor={`${id}-action`} className="mb-1.5 text-xs text-fg-muted">
          Action
        </Label>
        <Select
          id={`${id}-action`}
          value={action}
          onChange={(event) => resetPage(setAction)(event.target.value as AuditAction | '')}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-actor`} className="mb-1.5 text-xs text-fg-muted">
          Done by
        </Label>
        <Select
          id={`${id}-actor`}
          value={actorId}
          onChange={(event) => resetPage(setActorId)(event.target.value)}
        >
          <option value="">Anyone</option>
          {(members.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {memberName(member)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-from`} className="mb-1.5 text-xs text-fg-muted">
          From
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={fromDay}
          max={toDay || undefined}
          onChange={(event) => resetPage(setFromDay)(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`} className="mb-1.5 text-xs text-fg-muted">
          To
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={toDay}
          min={fromDay || undefined}
          invalid={rangeInvalid}
          onChange={(event) => resetPage(setToDay)(event.target.value)}
        />
      </div>
      <Button
        variant="ghost"
        // Below lg it would take a row of its own: shown there only when there is something to clear.
        className={cn('col-span-2 lg:col-span-1', !filtered && 'max-lg:hidden')}
        disabled={!filtered}
        onClick={() => {
          setAction('');
          setActorId('');
          setFromDay('');
          setToDay('');
          setPage(1);
        }}
      >
        Clear filters
      </Button>
    </div>
  );

  return (
    <section aria-label="Audit log">
      <PanelHeader
        title="Audit log"
        description="Everything admins and colleagues changed, newest first."
      />
      {filters}
      <PanelQuery
        query={audit}
        loadingLabel="Loading the audit log"
        errorTitle="Couldn’t load the audit log"
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <EmptyState
            icon={<IconFileText />}
            title={filtered ? 'Nothing matches these filters' : 'Nothing recorded yet'}
            description={
              filtered
                ? 'Try another action, person or date range.'
                : 'Assignments, status changes, membership changes, invitations and agent changes appear here.'
            }
          />
        }
      >
        {(data) => (
          <>
            <ColumnTable
              columns={columns}
              rows={data.entries}
              rowKey={(entry) => `${entry.action}-${entry.id}`}
              busy={audit.isFetching}
            />
            <Pagination
              className="border-t border-border px-4 py-3 sm:px-5"
              page={page}
              pageSize={pageSize}
              total={data.total}
              pageSizeOptions={PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              noun="entries"
              disabled={audit.isFetching}
            />
          </>
        )}
      </PanelQuery>
    </section>
  );
}
