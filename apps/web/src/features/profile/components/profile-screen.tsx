// /profile: the signed-in user's name, whether notifications are emailed, changing the password
// (other sessions end), two-factor sign-in and the sessions signed in as them.
import { updateProfileBodySchema, type Me } from '@callboard/contract';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NameFields, nameFieldsWording } from '../../../components/ui/name-fields.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formResolver } from '../../../lib/forms.ts';
import {
  confirmationMatches,
  newPasswordFields,
  PASSWORD_RULES_SENTENCE,
} from '../../../lib/password-rules.ts';
import { useChangePassword, useUpdateProfile } from '../api/profile-api.ts';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

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
        {user.organisation ? (
          <Section
            title="Notifications"
            description="The bell in the header always shows them; email is up to you."
          >
            <EmailNotificationsSetting user={user} />
          </Section>
        ) : null}
        <Section
          title="Password"
          description="Changing it signs you out everywhere else; this browser stays signed in."
        >
          <PasswordForm />
        </Section>
        <Section
          title="Two-factor sign-in"
          description="A code from an app on your phone, asked for after your password."
        >
          <TwoFactorSection user={user} />
        </Section>
        <Section
          title="Sessions"
          description="Where you are signed in. Sign out any browser you no longer use or don't recognise."
        >
          <SessionsSection />
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
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="border-b border-border px-5 py-4">
          <h2 id={headingId} className="text-base font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted">{description}</p>
        </div>
        <div className="px-5 py-5">{children}</div>
      </section>
    </Card>
  );
}

const nameResolver = formResolver(updateProfileBodySchema, nameFieldsWording);

function NameForm({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: nameResolver,
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
  });
  const { errors } = form.formState;
  const [first, last] = useWatch({ control: form.control, name: ['first_name', 'last_name'] });
  const unchanged = first.trim() === user.first_name && last.trim() === user.last_name;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, { onSuccess: () => showToast({ tone: 'success', title: 'Name saved' }) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {update.isError ? <RequestErrorAlert error={update.error} /> : null}
      <NameFields
        firstName={{ ...form.register('first_name'), error: errors.first_name?.message }}
        lastName={{ ...form.register('last_name'), error: errors.last_name?.message }}
      />
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

/** Saved as soon as it is switched; a failure puts it back and says why. */
function EmailNotificationsSetting({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const shown = update.isPending
    ? (update.variables.notify_by_email ?? user.notify_by_email)
    : user.notify_by_email;
  return (
    <div className="space-y-3">
      <Switch
        checked={shown}
        pending={update.isPending}
        label="Email me when a call is assigned to me or I'm mentioned"
        description={`Sent to ${user.email}, with a link to the call.`}
        onCheckedChange={(notify_by_email) => {
          if (update.isPending) return;
          update.mutate(
            { notify_by_email },
            {
              onSuccess: () =>
                showToast({
                  tone: 'success',
                  title: notify_by_email ? 'Email notifications on' : 'Email notifications off',
                }),
            },
          );
        }}
      />
      {update.isError ? <RequestErrorAlert error={update.error} /> : null}
    </div>
  );
}

/** The current password is only required: whether it is right is the server's answer. */
const passwordResolver = formResolver(
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, 'Enter your current password.')),
      ...newPasswordFields,
    })
    .check(confirmationMatches),
);

function PasswordForm() {
  const rulesId = useId();
  const change = useChangePassword();
  const form = useForm({
    resolver: passwordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
  });
  const { errors } = form.formState;
  const wrongCurrent = isApiError(change.error) && change.error.code === 'INVALID_PASSWORD';

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          showToast({
            tone: 'success',
            title: 'Password changed',
            description: 'Your other sessions were signed out.',
          });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {change.isError && !wrongCurrent ? <RequestErrorAlert error={change.error} /> : null}
      <Field
        label="Current password"
        error={
          errors.currentPassword?.message ?? (wrongCurrent ? errorMessage(change.error) : undefined)
        }
      >
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      {/* Before both new-password fields (not under one), so their errors sit level. */}
      <p id={rulesId} className="text-[13px] leading-5 text-fg-muted">
        {PASSWORD_RULES_SENTENCE}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New password" error={errors.newPassword?.message}>
          <PasswordInput
            autoComplete="new-password"
            aria-describedby={rulesId}
            // Once the form has been sent, the match is re-checked as either entry changes.
            {...form.register('newPassword', { deps: 'confirmation' })}
          />
        </Field>
        <Field label="New password again" error={errors.confirmation?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmation')} />
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
