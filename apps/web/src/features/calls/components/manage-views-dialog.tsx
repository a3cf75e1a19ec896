// "Manage views": rename a view, update it to the list as it is now, share or unshare it (its
// owner), or delete it (with a confirmation). Lists the views the reader may change: their own,
// and, for an admin, the organisation's shared ones (docs/search.md, "Saved views").
import { SAVED_VIEW_NAME_MAX_LENGTH, type ListedSavedView } from '@callboard/contract';
import { useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteSavedView, useUpdateSavedView } from '../api/save-view.ts';
import { nameProblem } from './save-view-dialog.tsx';

function RenameForm({ view, onDone }: { view: ListedSavedView; onDone: () => void }) {
  const [name, setName] = useState(view.name);
  const update = useUpdateSavedView();
  const blank = name.trim() === '';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return;
    if (name.trim() === view.name) {
      onDone();
      return;
    }
    update.mutate(
      { viewId: view.id, body: { name: name.trim() } },
      {
        onSuccess: (renamed) => {
          showToast({ tone: 'success', title: `Renamed to “${renamed.name}”` });
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <Field
        label={`New name for “${view.name}”`}
        error={
          blank
            ? 'Give the view a name.'
            : (nameProblem(update.error) ?? (update.error ? errorMessage(update.error) : undefined))
        }
      >
        <Input
          autoFocus
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
          onChange={(event) => {
            setName(event.target.value);
            if (update.isError) update.reset();
          }}
          onKeyDown={(event) => {
            // Escape leaves the rename, not the whole dialog.
            if (event.key === 'Escape') {
              event.stopPropagation();
              onDone();
            }
          }}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={update.isPending} pendingLabel="Saving…">
          Save name
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ViewRow({
  view,
  userId,
  search,
  active,
  organisationName,
}: {
  view: ListedSavedView;
  userId: string;
  search: string;
  active: boolean;
  organisationName: string;
}) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const mine = view.owner.id === userId;

  if (renaming) {
    return (
      <li className="py-3">
        <RenameForm view={view} onDone={() => setRenaming(false)} />
      </li>
    );
  }

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 font-medium break-words text-fg">{view.name}</span>
        {view.shared ? <Badge tone="info">Shared</Badge> : null}
        {active ? <Badge tone="success">On screen</Badge> : null}
      </div>
      <p className="mt-0.5 text-[13px] text-fg-muted">
        {view.shared
          ? mine
            ? `You share it with ${organisationName}`
            : `Shared by ${view.owner.name}`
          : 'Only you see it'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={active}
          title={active ? 'The list already shows this view' : undefined}
          pending={update.isPending && update.variables.body.query !== undefined}
          pendingLabel="Updating…"
          onClick={() =>
            update.mutate(
              { viewId: view.id, body: { query: search } },
              {
                onSuccess: () =>
                  showToast({
                    tone: 'success',
                    title: `“${view.name}” shows the list as it is now`,
                  }),
              },
            )
          }
        >
          Update to this list
        </Button>
        {mine ? (
          <Button
            variant="secondary"
            size="sm"
            pending={update.isPending && update.variables.body.shared !== undefined}
            pendingLabel={view.shared ? 'Unsharing…' : 'Sharing…'}
            onClick={() =>
              update.mutate(
                { viewId: view.id, body: { shared: !view.shared } },
                {
                  onSuccess: (changed) =>
                    showToast({
                      tone: 'success',
                      title: changed.shared
                        ? `“${changed.name}” is shared with ${organisationName}`
                        : `“${changed.name}” is yours alone again`,
                    }),
                },
              )
            }
          >
            {view.shared ? 'Stop sharing' : 'Share'}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-fg hover:text-danger-fg"
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      </div>
      {update.isError ? (
        <Alert tone="error" className="mt-2">
          {errorMessage(update.error)}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={`Delete “${view.name}”?`}
        confirmLabel="Delete view"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(view.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast({ tone: 'success', title: `Deleted “${view.name}”` });
            },
          })
        }
      >
        <p>
          {view.shared
            ? `It disappears from the Views menu of everyone in ${organisationName}.`
            : 'It disappears from your Views menu.'}{' '}
          The calls themselves are not changed.
        </p>
      </ConfirmDialog>
    </li>
  );
}

export function ManageViewsDialog({
  open,
  onOpenChange,
  views,
  userId,
  search,
  activeId,
  organisationName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  views: readonly ListedSavedView[];
  userId: string;
  search: string;
  activeId: string | null;
  organisationName: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Manage views"
        description="Rename a view, point it at the list as it is now, share it or delete it."
      >
        {views.length === 0 ? (
          <p className="text-sm text-fg-muted">You have no views to manage.</p>
        ) : (
          <ul className="-my-3 divide-y divide-border">
            {views.map((view) => (
              <ViewRow
                key={view.id}
                view={view}
                userId={userId}
                search={search}
                active={view.id === activeId}
                organisationName={organisationName}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
