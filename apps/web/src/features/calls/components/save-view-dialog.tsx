// "Save view": a name for the call list as it is now (its tab, filters, sort and columns), kept
// for oneself or shared with the organisation (docs/search.md, "Saved views").
import { SAVED_VIEW_NAME_MAX_LENGTH } from '@callboard/contract';
import { useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateSavedView } from '../api/save-view.ts';

/** Where a failure belongs: beside the name (taken, too long), or above the buttons. */
export function nameProblem(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === 'CONFLICT' && error.fields.name) return error.message;
  return error.fields.name ? `The name ${error.fields.name}.` : undefined;
}

export function SaveViewDialog({
  open,
  onOpenChange,
  search,
  organisationName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list URL's state to save. */
  search: string;
  organisationName: string;
}) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [blank, setBlank] = useState(false);
  const create = useCreateSavedView();

  function close(next: boolean) {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) {
      setName('');
      setShared(false);
      setBlank(false);
      create.reset();
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setBlank(true);
      return;
    }
    create.mutate(
      { name: name.trim(), query: search, shared },
      {
        onSuccess: (view) => {
          showToast({
            tone: 'success',
            title: view.shared
              ? `“${view.name}” is shared with ${organisationName}`
              : `Saved “${view.name}”`,
          });
          close(false);
        },
      },
    );
  }

  const nameError = blank ? 'Give the view a name.' : nameProblem(create.error);
  const otherError = create.error && !nameProblem(create.error) ? errorMessage(create.error) : null;
  const formId = 'save-view-form';

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Save view"
        description="Keep the list as it is now: its tab, filters, sort and columns."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={create.isPending} pendingLabel="Saving…">
              Save view
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className="space-y-5">
          <Field label="Name" error={nameError}>
            <Input
              autoFocus
              value={name}
              maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
              placeholder="Callbacks this week"
              onChange={(event) => {
                setName(event.target.value);
                setBlank(false);
                if (create.isError) create.reset();
              }}
            />
          </Field>
          <Switch
            checked={shared}
            onCheckedChange={(next) => {
              setShared(next);
              if (create.isError) create.reset();
            }}
            label={`Share with ${organisationName}`}
            description="Everyone in your organisation sees it in their Views menu; admins can rename or delete it."
          />
          {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
