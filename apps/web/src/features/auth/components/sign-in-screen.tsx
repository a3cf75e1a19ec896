import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useSession } from '../../../lib/session-provider.tsx';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { useRedirectTarget } from '../hooks/use-redirect-target.ts';
import { validateSignIn, type FieldErrors, type SignInValues } from '../validation.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';

export function SignInScreen() {
  const ids = useId();
  const emailId = `${ids}-email`;
  const passwordId = `${ids}-password`;
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInValues>>({});
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
      if (errors[field])
        setErrors((current) => ({ ...current, [field]: validateSignIn(next)[field] }));
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateSignIn(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    signIn.mutate(values, {
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
            {authErrorMessage(signIn.error)}
          </Alert>
        ) : sessionEnded ? (
          <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
        ) : null}

        <Field label="Email" htmlFor={emailId} errorId={`${emailId}-error`} error={errors.email}>
          <Input
            ref={emailRef}
            id={emailId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            // The sign-in page has one job; start where the user will type.
            autoFocus
            placeholder="name@company.com"
            value={values.email}
            onChange={onChange('email')}
            invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
          />
        </Field>

        <Field
          label="Password"
          htmlFor={passwordId}
          errorId={`${passwordId}-error`}
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
            id={passwordId}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={onChange('password')}
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          />
        </Field>

        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
