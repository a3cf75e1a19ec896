import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName, Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconArrowLeft, IconLinkOff } from '../../../components/ui/icons.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { HOME_PATH, SIGN_IN_PATH } from '../../../lib/safe-redirect.ts';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { isInvalidResetToken, isWeakPassword, useResetPassword } from '../api/reset-password.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { validateNewPassword, type FieldErrors, type NewPasswordValues } from '../validation.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { PasswordRulesHint } from '../../../components/ui/password-rules-hint.tsx';

export const EXPIRED_LINK_MESSAGE = 'This reset link has expired or has already been used.';

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
  return <UpdatePasswordForm token={token} />;
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
  const ids = useId();
  const passwordId = `${ids}-password`;
  const confirmationId = `${ids}-confirmation`;
  const rulesId = `${ids}-rules`;
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<NewPasswordValues>>({});
  const reset = useResetPassword();
  const navigate = useNavigate();
  useFocusOnError(alertRef, reset.error);

  const pending = reset.isPending || reset.isSuccess;

  function onChange(field: keyof NewPasswordValues) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      const fresh = validateNewPassword(next);
      // Re-check flagged fields as the user types; the match is re-checked when either changes.
      setErrors((current) => ({
        password: current.password ? fresh.password : undefined,
        confirmation: current.confirmation ? fresh.confirmation : undefined,
      }));
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateNewPassword(values);
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    reset.mutate(
      { newPassword: values.password, token },
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
  }

  if (isInvalidResetToken(reset.error)) {
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

  const passwordDescribedBy = [rulesId, errors.password ? `${passwordId}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <CenteredCardLayout
      pageTitle="Choose a new password"
      heading="Choose a new password"
      description="Pick a password you don't use anywhere else. You'll be signed in straight away."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {isWeakPassword(reset.error) ? (
          <Alert ref={alertRef} tone="error" title={reset.error.message}>
            {reset.error.reasons.length > 0 ? (
              <ul className="list-disc space-y-0.5 pl-4">
                {reset.error.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : reset.error ? (
          <Alert ref={alertRef} tone="error">
            {authErrorMessage(reset.error)}
          </Alert>
        ) : null}

        <Field
          label="New password"
          htmlFor={passwordId}
          errorId={`${passwordId}-error`}
          error={errors.password}
          hint={<PasswordRulesHint id={rulesId} password={values.password} />}
        >
          <PasswordInput
            ref={passwordRef}
            id={passwordId}
            name="new-password"
            autoComplete="new-password"
            autoFocus
            value={values.password}
            onChange={onChange('password')}
            invalid={Boolean(errors.password)}
            aria-describedby={passwordDescribedBy}
          />
        </Field>

        <Field
          label="Confirm new password"
          htmlFor={confirmationId}
          errorId={`${confirmationId}-error`}
          error={errors.confirmation}
        >
          <PasswordInput
            ref={confirmationRef}
            id={confirmationId}
            name="confirm-password"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={onChange('confirmation')}
            onBlur={() => {
              // A mismatch is worth saying as soon as the user leaves a filled-in field.
              if (values.confirmation && values.confirmation !== values.password) {
                setErrors((current) => ({
                  ...current,
                  confirmation: validateNewPassword(values).confirmation,
                }));
              }
            }}
            invalid={Boolean(errors.confirmation)}
            aria-describedby={errors.confirmation ? `${confirmationId}-error` : undefined}
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
