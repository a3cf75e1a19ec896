import { NOTE_MAX_LENGTH } from '@callboard/contract';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCount } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAddCallNote } from '../api/add-call-note.ts';

/** Counting starts to show when a note gets this close to the limit. */
const COUNTER_FROM = NOTE_MAX_LENGTH - 500;

/** A note for colleagues. What was typed stays until the server has kept it. */
export function NoteComposer({ callId }: { callId: string }) {
  const ids = useId();
  const fieldId = `${ids}-note`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddCallNote(callId);
  const length = body.trim().length;

  function submit() {
    if (addNote.isPending) return;
    const text = body.trim();
    if (!text) {
      setError('Write something before adding the note.');
      textareaRef.current?.focus();
      return;
    }
    if (text.length > NOTE_MAX_LENGTH) {
      setError(`Notes can be at most ${formatCount(NOTE_MAX_LENGTH)} characters.`);
      textareaRef.current?.focus();
      return;
    }
    setError(null);
    addNote.mutate(text, {
      onSuccess: () => {
        setBody('');
        showToast({ title: 'Note added' });
      },
      onError: (failure) => {
        const message =
          isApiError(failure) && failure.fields.body
            ? `The note ${failure.fields.body}.`
            : errorMessage(failure);
        setError(message);
        showToast({ tone: 'error', title: "Couldn't add the note", description: message });
        textareaRef.current?.focus();
      },
    });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-fg">
        Add a note
      </label>
      <Textarea
        ref={textareaRef}
        id={fieldId}
        rows={3}
        value={body}
        placeholder="What should your colleagues know about this call?"
        invalid={Boolean(error)}
        aria-describedby={cn(hintId, error && errorId)}
        onChange={(event) => {
          setBody(event.target.value);
          if (error && event.target.value.trim()) setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <FieldError id={errorId}>{error}</FieldError>
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
