import { useRef, type FocusEvent, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName, Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconArrowLeft, IconLinkOff } from '../../../components/ui/icons.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { HOME_PATH, SIGN_IN_PATH } from '../../../lib/safe-redirect.ts';
import { useResetLinkCheck } from '../api/check-reset-link.ts';
import { isInvalidResetToken, useResetPassword } from '../api/reset-password.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { PasswordRulesHint } from '../../../components/ui/password-rules-hint.tsx';
import { formResolver } from '../../../lib/forms.ts';
import { useCommonPasswordCheck } from '../../../lib/password-check.ts';
import { confirmationMatches, newPasswordFields } from '../../../lib/password-rules.ts';

export const newPasswordResolver = formResolver(
  z.object(newPasswordFields).check(confirmationMatches),
);

export const EXPIRED_LINK_MESSAGE = 'This link has been used or has expired.';

const backToSignIn = (
  <Link to={SIGN_IN_PATH} className={`inline-flex items-center gap-1.5 ${cardLayoutLinkClassName}`}>
    <IconArrowLeft className="size-4" />
    Back to sign in
  </Link>
);

const linkOffIcon = (
  <span className="flex size-12 items-center justify-center rounded-full border border-border bg-surface text-fg-muted shadow-xs">
    <IconLinkOff className="size-5" />
  </span>
);

/** /update-password?token=…: the page a reset email links to (password recovery, docs/product.md). */
export function UpdatePasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // better-auth's own link flow reports a dead token as ?error=INVALID_TOKEN.
  if (!token || searchParams.has('error')) return <InvalidLink />;
  return <CheckedResetLink token={token} />;
}

/** The form, once the server says the link still works (or cannot say: it judges on submit). */
function CheckedResetLink({ token }: { token: string }) {
  const link = useResetLinkCheck(token);
  if (link.isPending) {
    return (
      <CenteredCardLayout
        pageTitle="Choose a new password"
        heading="Choose a new password"
        footer={backToSignIn}
      >
        <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner className="size-4" /> Checking your link…
        </p>
      </CenteredCardLayout>
    );
  }
  if (link.data?.valid === false) return <ExpiredLink />;
  return <UpdatePasswordForm token={token} />;
}

/** A used or expired link: what happened and the way on, without a form to fill in for nothing. */
function ExpiredLink({ alertRef }: { alertRef?: Ref<HTMLDivElement> }) {
  return (
    <CenteredCardLayout
      pageTitle="Reset link expired"
      heading="Reset link expired"
      icon={linkOffIcon}
      footer={backToSignIn}
    >
      <div className="space-y-5">
        <Alert ref={alertRef} tone="error">
          {EXPIRED_LINK_MESSAGE} Ask for a new one below; it works for one hour.
        </Alert>
        <Link to="/forgot-password" className={`${buttonClassName()} w-full`}>
          Request a new link
        </Link>
      </div>
    </CenteredCardLayout>
  );
}

function InvalidLink() {
  return (
    <CenteredCardLayout
      pageTitle="Invalid reset link"
      heading="This link doesn't work"
      icon={linkOffIcon}
      footer={backToSignIn}
    >
      <div className="space-y-5">
        <p className="text-sm leading-6 text-fg">
          The password reset link is invalid: part of it is missing. Open the link from the email
          again, or ask for a new one.
        </p>
        <Link to="/forgot-password" className={`${buttonClassName()} w-full`}>
          Request a new link
        </Link>
      </div>
    </CenteredCardLayout>
  );
}

function UpdatePasswordForm({ token }: { token: string }) {
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: newPasswordResolver,
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'newPassword' });
  const commonCheck = useCommonPasswordCheck(password);
  const reset = useResetPassword();
  const navigate = useNavigate();
  useFocusOnError(alertRef, reset.error);

  const pending = reset.isPending || reset.isSuccess;

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    if (pending) return;
    reset.mutate(
      { newPassword, token },
      {
        onSuccess: ({ signedIn }) => {
          if (signedIn) {
            showToast({
              title: 'Password updated',
              description: "You're signed in. Any other sessions have been signed out.",
            });
            void navigate(HOME_PATH, { replace: true });
          } else {
            showToast({
              title: 'Password updated',
              description: 'Sign in with your new password.',
            });
            void navigate(SIGN_IN_PATH, { replace: true });
          }
        },
      },
    );
  });

  if (isInvalidResetToken(reset.error)) return <ExpiredLink alertRef={alertRef} />;

  return (
    <CenteredCardLayout
      pageTitle="Choose a new password"
      heading="Choose a new password"
      description="Pick a password you don't use anywhere else. You'll be signed in straight away."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {reset.error ? <RequestErrorAlert ref={alertRef} error={reset.error} /> : null}

        <Field
          label="New password"
          error={errors.newPassword?.message}
          hint={<PasswordRulesHint password={password} common={commonCheck.common} />}
        >
          <PasswordInput
            autoComplete="new-password"
            autoFocus
            // Once the form has been sent, the match is re-checked as either entry changes.
            {...form.register('newPassword', {
              deps: 'confirmation',
              onBlur: (event: FocusEvent<HTMLInputElement>) =>
                commonCheck.check(event.target.value),
            })}
          />
        </Field>

        <Field label="Confirm new password" error={errors.confirmation?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...form.register('confirmation', {
              // A mismatch is worth saying as soon as the user leaves a filled-in field.
              onBlur: () => {
                const { newPassword, confirmation } = form.getValues();
                if (confirmation && confirmation !== newPassword) void form.trigger('confirmation');
              },
            })}
          />
        </Field>

        <Button
          type="submit"
          className="w-full"
          pending={pending}
          pendingLabel="Updating password…"
        >
          Update password
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
