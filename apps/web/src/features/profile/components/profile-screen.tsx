// /profile: the signed-in user's name, and changing the password (other sessions end).
import type { Me } from '@callboard/contract';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useChangePassword, useUpdateProfile } from '../api/profile-api.ts';

export function ProfileScreen({ user }: { user: Me }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{`Profile · Callboard`}</title>
      <h1 className="text-xl font-semibold tracking-tight text-fg">Profile</h1>
      <p className="mt-1 text-sm text-fg-muted">
        Signed in as <span className="font-medium wrap-break-word text-fg">{user.email}</span>
        {user.organisation ? (
          <span className="whitespace-nowrap"> · {user.organisation.name}</span>
        ) : null}
      </p>
      <div className="mt-6 space-y-6">
        <Section title="Name" description="How colleagues see you in assignments and activity.">
          <NameForm key={user.id} user={user} />
        </Section>
        <Section
          title="Password"
          description="Changing it signs you out everywhere else; this browser stays signed in."
        >
          <PasswordForm />
        </Section>
      </div>
    </main>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="border-b border-border px-5 py-4">
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        <p className="mt-0.5 text-sm text-fg-muted">{description}</p>
      </div>
      <div className="px-5 py-5">{children}</div>
    </Card>
  );
}

function NameForm({ user }: { user: Me }) {
  const id = useId();
  const update = useUpdateProfile();
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [errors, setErrors] = useState<{ first?: string | undefined; last?: string | undefined }>(
    {},
  );
  const unchanged = first.trim() === user.first_name && last.trim() === user.last_name;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      first: first.trim() ? undefined : 'Enter your first name.',
      last: last.trim() ? undefined : 'Enter your last name.',
    };
    setErrors(found);
    if (found.first || found.last) {
      document.getElementById(found.first ? `${id}-first` : `${id}-last`)?.focus();
      return;
    }
    update.mutate(
      { first_name: first.trim(), last_name: last.trim() },
      { onSuccess: () => showToast({ tone: 'success', title: 'Name saved' }) },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {update.isError ? <Alert tone="error">{errorMessage(update.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          htmlFor={`${id}-first`}
          errorId={`${id}-first-error`}
          error={errors.first}
        >
          <Input
            id={`${id}-first`}
            autoComplete="given-name"
            value={first}
            invalid={Boolean(errors.first)}
            aria-describedby={`${id}-first-error`}
            onChange={(event) => setFirst(event.target.value)}
          />
        </Field>
        <Field
          label="Last name"
          htmlFor={`${id}-last`}
          errorId={`${id}-last-error`}
          error={errors.last}
        >
          <Input
            id={`${id}-last`}
            autoComplete="family-name"
            value={last}
            invalid={Boolean(errors.last)}
            aria-describedby={`${id}-last-error`}
            onChange={(event) => setLast(event.target.value)}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={unchanged}
          pending={update.isPending}
          pendingLabel="Saving…"
        >
          Save name
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const id = useId();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<
    Partial<Record<'current' | 'next' | 'confirmation', string>>
  >({});
  const reasons = isApiError(change.error) ? change.error.reasons : [];
  const wrongCurrent = isApiError(change.error) && change.error.code === 'INVALID_PASSWORD';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Enter your current password.';
    if (!next) found.next = 'Enter a new password.';
    if (!confirmation) found.confirmation = 'Enter the new password again.';
    else if (confirmation !== next) found.confirmation = "The passwords don't match.";
    setErrors(found);
    const firstInvalid = found.current
      ? 'current'
      : found.next
        ? 'next'
        : found.confirmation
          ? 'confirm'
          : null;
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirmation('');
          showToast({
            tone: 'success',
            title: 'Password changed',
            description: 'Your other sessions were signed out.',
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {change.isError && !wrongCurrent ? (
        <Alert tone="error" title={reasons.length > 0 ? change.error.message : undefined}>
          {reasons.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-4">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : (
            errorMessage(change.error)
          )}
        </Alert>
      ) : null}
      <Field
        label="Current password"
        htmlFor={`${id}-current`}
        errorId={`${id}-current-error`}
        error={errors.current ?? (wrongCurrent ? errorMessage(change.error) : undefined)}
      >
        <PasswordInput
          id={`${id}-current`}
          autoComplete="current-password"
          value={current}
          invalid={Boolean(errors.current) || wrongCurrent}
          aria-describedby={`${id}-current-error`}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </Field>
      {/* Before both new-password fields (not under one), so their errors sit level. */}
      <p id={`${id}-rules`} className="text-[13px] leading-5 text-fg-muted">
        A new password needs at least 10 characters, not a common one, and nothing based on your
        name or email.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New password"
          htmlFor={`${id}-next`}
          errorId={`${id}-next-error`}
          error={errors.next}
        >
          <PasswordInput
            id={`${id}-next`}
            autoComplete="new-password"
            value={next}
            invalid={Boolean(errors.next)}
            aria-describedby={`${id}-rules ${id}-next-error`}
            onChange={(event) => setNext(event.target.value)}
          />
        </Field>
        <Field
          label="New password again"
          htmlFor={`${id}-confirm`}
          errorId={`${id}-confirm-error`}
          error={errors.confirmation}
        >
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            value={confirmation}
            invalid={Boolean(errors.confirmation)}
            aria-describedby={`${id}-confirm-error`}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={change.isPending} pendingLabel="Changing…">
          Change password
        </Button>
      </div>
    </form>
  );
}
