import { addCallNoteBodySchema, NOTE_MAX_LENGTH, type Member } from '@callboard/contract';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
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
import { useMembers } from '../../../lib/organisation-directory.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { useAddCallNote } from '../api/add-call-note.ts';
import {
  activeMentionQuery,
  encodeMentions,
  matchMembers,
  type MentionChoice,
  type MentionQuery,
} from '../mentions.ts';
import { initials, memberName } from '../people.ts';

/** Counting starts to show when a note gets this close to the limit. */
const COUNTER_FROM = NOTE_MAX_LENGTH - 500;

const noteResolver = formResolver(addCallNoteBodySchema, {
  body: {
    missing: 'Write something before adding the note.',
    tooLong: `Notes can be at most ${formatCount(NOTE_MAX_LENGTH)} characters.`,
  },
});

/**
 * A note for colleagues. What was typed stays until the server has kept it. Typing "@" opens a
 * list of colleagues (↑ ↓ to move, Enter or Tab to pick, Escape to close); a pick shows as
 * "@Leo Marsh" and is sent as a mention, which notifies them (features/calls/mentions.ts).
 */
export function NoteComposer({ callId }: { callId: string }) {
  const hintId = useId();
  const listId = useId();
  const addNote = useAddCallNote(callId);
  const members = useMembers();
  const currentUserId = useAuthSession()?.user.id ?? null;
  const form = useForm({ resolver: noteResolver, defaultValues: { body: '' } });
  const text = useWatch({ control: form.control, name: 'body' });
  const length = text.trim().length;

  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const [chosen, setChosen] = useState<MentionChoice[]>([]);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [highlight, setHighlight] = useState(0);
  /** Where the caret goes once React has rendered an inserted mention. */
  const pendingCaret = useRef<number | null>(null);

  const matches = mention ? matchMembers(members.data ?? [], mention.query, currentUserId) : [];
  const pickerOpen = mention !== null;
  const active = matches[Math.min(highlight, matches.length - 1)];

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const textarea = textareaRef.current;
    if (caret === null || !textarea) return;
    pendingCaret.current = null;
    textarea.setSelectionRange(caret, caret);
  });

  function followCaret(textarea: HTMLTextAreaElement) {
    const next = activeMentionQuery(textarea.value, textarea.selectionStart);
    setMention((current) =>
      next?.start === current?.start && next?.query === current?.query ? current : next,
    );
    if (next?.query !== mention?.query) setHighlight(0);
  }

  function pick(member: Member) {
    const textarea = textareaRef.current;
    if (!mention || !textarea) return;
    const label = memberName(member);
    const caret = textarea.selectionStart;
    const before = text.slice(0, mention.start);
    const after = text.slice(caret);
    const inserted = `@${label}${after.startsWith(' ') ? '' : ' '}`;
    form.setValue('body', `${before}${inserted}${after}`, { shouldDirty: true });
    pendingCaret.current = before.length + inserted.length;
    setChosen((current) =>
      current.some((choice) => choice.id === member.id)
        ? current
        : [...current, { id: member.id, label }],
    );
    setMention(null);
    textarea.focus();
  }

  const submit = form.handleSubmit(({ body }) => {
    if (addNote.isPending) return;
    setMention(null);
    addNote.mutate(encodeMentions(body, chosen), {
      onSuccess: () => {
        form.reset();
        setChosen([]);
        showToast({ title: 'Note added' });
      },
      onError: (failure) => {
        const message =
          isApiError(failure) && failure.code === 'UNPROCESSABLE'
            ? failure.message
            : isApiError(failure) && failure.fields.body
              ? `The note ${failure.fields.body}.`
              : errorMessage(failure);
        form.setError('body', { message }, { shouldFocus: true });
        showToast({ tone: 'error', title: "Couldn't add the note", description: message });
      },
    });
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (pickerOpen && event.key === 'Escape') {
      // Closes the list only (not a surrounding dialog), and leaves the text as typed.
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
      return;
    }
    if (pickerOpen && matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((current) => (current + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.metaKey && !event.ctrlKey) {
        event.preventDefault();
        if (active) pick(active);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    }
  }

  const field = form.register('body');
  const optionId = (member: Member) => `${listId}-${member.id}`;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field label="Add a note" error={form.formState.errors.body?.message}>
        <div className="relative">
          <Textarea
            rows={3}
            placeholder="What should your colleagues know about this call? Type @ to mention someone."
            aria-describedby={hintId}
            aria-autocomplete="list"
            aria-controls={pickerOpen ? listId : undefined}
            aria-activedescendant={pickerOpen && active ? optionId(active) : undefined}
            {...field}
            ref={(element) => {
              field.ref(element);
              textareaRef.current = element;
            }}
            onChange={(event) => {
              void field.onChange(event);
              followCaret(event.currentTarget);
            }}
            onClick={(event) => followCaret(event.currentTarget)}
            onBlur={(event) => {
              void field.onBlur(event);
              setMention(null);
            }}
            onKeyDown={onKeyDown}
          />
          {pickerOpen ? (
            <div
              className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/10 sm:right-auto sm:w-72 dark:shadow-black/50"
              // Keeps focus (and the caret) in the note while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
            >
              <p className="border-b border-border px-3 py-1.5 text-xs font-medium text-fg-muted">
                Mention a colleague
              </p>
              {members.isPending ? (
                <p role="status" className="px-3 py-2.5 text-sm text-fg-muted">
                  Loading colleagues…
                </p>
              ) : matches.length === 0 ? (
                <p role="status" className="px-3 py-2.5 text-sm text-fg-muted">
                  No colleague matches “{mention.query}”
                </p>
              ) : (
                <ul id={listId} role="listbox" aria-label="Colleagues" className="max-h-60 p-1">
                  {matches.map((member) => (
                    <li
                      key={member.id}
                      id={optionId(member)}
                      role="option"
                      aria-selected={member.id === active?.id}
                      onClick={() => pick(member)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-fg',
                        member.id === active?.id ? 'bg-surface-muted' : 'hover:bg-surface-muted',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-[10px] font-semibold text-accent-text ring-1 ring-info-border"
                      >
                        {initials(member)}
                      </span>
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{memberName(member)}</span>
                        <span className="block truncate text-xs text-fg-muted">{member.email}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </div>
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
          <span className="max-sm:hidden">@ to mention · Ctrl/⌘ + Enter to add</span>
        </p>
        <Button type="submit" size="sm" pending={addNote.isPending} pendingLabel="Adding…">
          Add note
        </Button>
      </div>
    </form>
  );
}
