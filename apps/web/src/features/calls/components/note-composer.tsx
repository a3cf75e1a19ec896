import { addCallNoteBodySchema, NOTE_MAX_LENGTH } from '@callboard/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCount } from '../../../lib/format.ts';
import { formResolver } from '../../../lib/forms.ts';
import { useAddCallNote } from '../api/add-call-note.ts';

/** Counting starts to show when a note gets this close to the limit. */
const COUNTER_FROM = NOTE_MAX_LENGTH - 500;

const noteResolver = formResolver(addCallNoteBodySchema, {
  body: {
    missing: 'Write something before adding the note.',
    tooLong: `Notes can be at most ${formatCount(NOTE_MAX_LENGTH)} characters.`,
  },
});

/** A note for colleagues. What was typed stays until the server has kept it. */
export function NoteComposer({ callId }: { callId: string }) {
  const hintId = useId();
  const addNote = useAddCallNote(callId);
  const form = useForm({ resolver: noteResolver, defaultValues: { body: '' } });
  const length = useWatch({ control: form.control, name: 'body' }).trim().length;

  const submit = form.handleSubmit(({ body }) => {
    if (addNote.isPending) return;
    addNote.mutate(body, {
      onSuccess: () => {
        form.reset();
        showToast({ title: 'Note added' });
      },
      onError: (failure) => {
        const message =
          isApiError(failure) && failure.fields.body
            ? `The note ${failure.fields.body}.`
            : errorMessage(failure);
        form.setError('body', { message }, { shouldFocus: true });
        showToast({ tone: 'error', title: "Couldn't add the note", description: message });
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field label="Add a note" error={form.formState.errors.body?.message}>
        <Textarea
          rows={3}
          placeholder="What should your colleagues know about this call?"
          aria-describedby={hintId}
          {...form.register('body')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </Field>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-fg-muted">
          {length >= COUNTER_FROM ? (
            <span
              className={cn(
                'tabular-nums',
                length > NOTE_MAX_LENGTH && 'font-medium text-danger-fg',
              )}
            >
              {formatCount(length)} / {formatCount(NOTE_MAX_LENGTH)} characters ·{' '}
            </span>
          ) : null}
          <span className="max-sm:hidden">Ctrl/⌘ + Enter to add</span>
        </p>
        <Button type="submit" size="sm" pending={addNote.isPending} pendingLabel="Adding…">
          Add note
        </Button>
      </div>
    </form>
  );
}
