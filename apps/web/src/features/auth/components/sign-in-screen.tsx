import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useSession } from '../../../lib/session-provider.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignIn } from '../api/sign-in.ts';
import { checkSignIn, type SignInErrors, type SignInValues } from '../sign-in-check.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { useRedirectTarget } from '../hooks/use-redirect-target.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';

const isThrottled = (error: unknown) => isApiError(error) && error.status === 429;

// The one form not on react-hook-form: the sign-in page's first download has a budget
// (docs/architecture.md, "Front end") that the library's 12 KB does not fit in. It checks with
// the same contract schema and words as the other forms (sign-in-check.ts).
export function SignInScreen() {
  const alertRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const signIn = useSignIn();
  const navigate = useNavigate();
  const redirectTarget = useRedirectTarget();
  const session = useSession();
  useFocusOnError(alertRef, signIn.error);

  // Stays busy after success until the next page has loaded and replaced this one.
  const pending = signIn.isPending || signIn.isSuccess;
  const sessionEnded =
    session.status === 'signed-out' && session.reason === 'session-ended' && !signIn.error;

  function onChange(field: keyof SignInValues) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      // Once a field has been flagged, re-check it as the user types so the error goes away.
      if (errors[field]) setErrors(checkSignIn(next).errors);
      // The server's verdict was on what was sent; once either field changes it is stale. A
      // throttle's "try again in …" stays: it holds whatever is typed.
      if (signIn.isError && !isThrottled(signIn.error)) signIn.reset();
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkSignIn(values);
    setErrors(checked.errors);
    if (checked.errors.email) return emailRef.current?.focus();
    if (checked.errors.password) return passwordRef.current?.focus();
    if (!checked.request) return;
    signIn.mutate(checked.request, {
      onSuccess: () => void navigate(redirectTarget, { replace: true }),
    });
  }

  return (
    <CenteredCardLayout
      pageTitle="Sign in"
      heading="Sign in to Callboard"
      description="Welcome back. Sign in to see your organisation's calls."
      footer={<>No account yet? Ask an admin of your organisation for an invitation.</>}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {signIn.error ? (
          <Alert ref={alertRef} tone="error">
            {errorMessage(signIn.error)}
          </Alert>
        ) : sessionEnded ? (
          <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
        ) : null}

        <Field label="Email" error={errors.email}>
          <EmailInput
            ref={emailRef}
            // The sign-in page has one job; start where the user will type.
            autoFocus
            name="email"
            value={values.email}
            onChange={onChange('email')}
          />
        </Field>

        <Field
          label="Password"
          error={errors.password}
          labelAside={
            <Link
              to="/forgot-password"
              state={{ email: values.email }}
              className={`text-sm ${cardLayoutLinkClassName}`}
            >
              Forgot password?
            </Link>
          }
        >
          <PasswordInput
            ref={passwordRef}
            autoComplete="current-password"
            name="password"
            value={values.password}
            onChange={onChange('password')}
          />
        </Field>

        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
