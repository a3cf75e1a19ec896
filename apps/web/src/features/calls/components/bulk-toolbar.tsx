// Bulk triage on the call list: the bar that offers every matching call once a whole page is
// selected, and the toolbar that acts on the selection (assign, status, and delete for admins).
// The toolbar sticks to the bottom of the window while anything is selected, at every width.
import {
  BULK_ACTION_MAX_CALLS,
  CALL_STATUSES,
  type CallStatus,
  type Member,
} from '@callboard/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Combobox } from '../../../components/ui/combobox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { IconChevronDown, IconX } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import type { CallSelection } from '../hooks/use-call-selection.ts';
import type { BulkRequest } from '../hooks/use-bulk-actions.ts';
import { assigneeOptions, UNASSIGN } from './assignee-picker.tsx';
import { CallStatusIcon } from './call-badges.tsx';

const calls = (count: number) => `${formatCount(count)} ${count === 1 ? 'call' : 'calls'}`;

/**
 * Shown when every row on screen is selected and more calls match: "Select all 1,234 matching
 * calls" (at most BULK_ACTION_MAX_CALLS: beyond that it says to narrow the filters), then, once
 * chosen, "All 1,234 matching calls are selected" and "Clear selection".
 */
export function SelectAllMatchingBar({
  selection,
  pageRows,
  total,
}: {
  selection: CallSelection;
  pageRows: number;
  total: number;
}) {
  const show = selection.allMatching || (selection.pageState === 'all' && total > pageRows);
  return (
    <div role="status" aria-live="polite">
      {show ? (
        <div className="mb-3 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-lg border border-info-border bg-accent-soft px-4 py-2 text-center text-sm text-fg">
          {selection.allMatching ? (
            <span>All {calls(total)} matching this view are selected.</span>
          ) : (
            <span>All {calls(pageRows)} on this page are selected.</span>
          )}
          {selection.allMatching ? null : total <= BULK_ACTION_MAX_CALLS ? (
            <button
              type="button"
              onClick={selection.selectAllMatching}
              className="rounded font-medium text-accent-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Select all {formatCount(total)} matching calls
            </button>
          ) : (
            <span className="text-fg-muted">
              A bulk action changes at most {formatCount(BULK_ACTION_MAX_CALLS)} calls; narrow the
              filters to act on every match.
            </span>
          )}
          <button
            type="button"
            onClick={selection.clear}
            className="rounded font-medium text-accent-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Clear selection
          </button>
        </div>
      ) : null}
    </div>
  );
}

export interface BulkToolbarProps {
  selection: CallSelection;
  members: readonly Member[];
  membersLoading: boolean;
  currentUserId: string | null;
  isAdmin: boolean;
  pending: boolean;
  onRun: (request: BulkRequest) => void;
  /** The assign and status lists, open also by the shortcuts a and s. */
  openMenu: 'assign' | 'status' | null;
  onOpenMenuChange: (menu: 'assign' | 'status' | null) => void;
}

export function BulkToolbar({
  selection,
  members,
  membersLoading,
  currentUserId,
  isAdmin,
  pending,
  onRun,
  openMenu,
  onOpenMenuChange,
}: BulkToolbarProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const options = useMemo(
    () =>
      assigneeOptions(members, currentUserId, {
        unassign: true,
        unassignDescription: 'Nobody is dealing with these calls',
      }),
    [members, currentUserId],
  );
  const count = selection.count;
  if (count === 0) return null;
  // "Load all" can put more rows on screen than one action may change.
  const tooMany = count > BULK_ACTION_MAX_CALLS;
  const disabled = pending || tooMany;

  return (
    <div className="pointer-events-none sticky bottom-3 z-20 mt-3 flex justify-center sm:bottom-5">
      <div
        role="toolbar"
        aria-label="Bulk actions"
        className="pointer-events-auto flex w-full max-w-3xl flex-wrap items-center gap-2 rounded-xl border border-border bg-surface/95 p-2 shadow-lg shadow-black/10 backdrop-blur motion-safe:animate-[appear_160ms_ease-out] sm:flex-nowrap sm:pl-4 dark:shadow-black/50"
      >
        <p
          aria-live="polite"
          className="mr-auto pl-2 text-sm font-medium whitespace-nowrap text-fg tabular-nums sm:pl-0"
        >
          {formatCount(count)} selected
          {tooMany ? (
            <span className="block text-xs font-normal text-fg-muted">
              At most {formatCount(BULK_ACTION_MAX_CALLS)} at once: select fewer.
            </span>
          ) : null}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={selection.clear}
          className="sm:order-last"
          aria-label="Clear selection"
        >
          <IconX className="size-4" />
          <span className="sm:sr-only">Clear</span>
        </Button>
        <div
          className={cn(
            'grid w-full gap-2 sm:flex sm:w-auto',
            isAdmin ? 'grid-cols-3' : 'grid-cols-2',
          )}
        >
          <Combobox
            label="Assign"
            hideLabel
            className="min-w-0 sm:w-44"
            options={options}
            value={null}
            open={openMenu === 'assign'}
            onOpenChange={(open) => onOpenMenuChange(open ? 'assign' : null)}
            onValueChange={(value) => {
              const assignee =
                value === UNASSIGN ? null : (members.find((member) => member.id === value) ?? null);
              if (value !== UNASSIGN && !assignee) return;
              onRun({ action: 'assign', assignee });
            }}
            searchLabel="Search colleagues"
            searchPlaceholder="Assign to…"
            emptyText={membersLoading ? 'Loading colleagues…' : 'No colleague matches'}
            pending={pending}
            disabled={tooMany}
          >
            <span>Assign…</span>
          </Combobox>
          <DropdownMenu
            open={openMenu === 'status'}
            onOpenChange={(open) => onOpenMenuChange(open ? 'status' : null)}
          >
            <DropdownMenuTrigger asChild>
              <Button
                variant="secondary"
                className="min-w-0 flex-1 sm:flex-none"
                disabled={pending}
              >
                Status…
                <IconChevronDown className="size-4 text-fg-subtle" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" aria-label="Set the status">
              {CALL_STATUSES.map((status: CallStatus) => (
                <DropdownMenuItem
                  key={status}
                  onSelect={() => onRun({ action: 'setStatus', status })}
                >
                  <CallStatusIcon status={status} className="size-4" />
                  {status}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          {isAdmin ? (
            <Button
              variant="secondary"
              className="min-w-0"
              disabled={disabled}
              onClick={() => setConfirmDelete(true)}
            >
              Delete…
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${calls(count)}?`}
        confirmLabel={`Delete ${calls(count)}`}
        onConfirm={() => {
          setConfirmDelete(false);
          onRun({ action: 'delete' });
        }}
      >
        They leave everyone's call list. You can undo this at once, or restore them later from
        Deleted calls in the admin area.
      </ConfirmDialog>
    </div>
  );
}
