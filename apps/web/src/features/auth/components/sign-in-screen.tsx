import { lazy, Suspense, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useSession } from '../../../lib/session-provider.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { SIGNING_IN_LABEL } from '../../../lib/static-page.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/telemetry.ts';
import { useSignIn } from '../api/sign-in.ts';
import { checkSignIn, type SignInErrors, type SignInValues } from '../sign-in-check.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { useRedirectTarget } from '../hooks/use-redirect-target.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import type { RestartReason } from './two-factor-step.tsx';

// Only accounts with two-factor sign-in need the second step: its code loads when one does,
// while the password form still shows that it is busy.
const loadTwoFactorStep = () => import('./two-factor-step.tsx');
const TwoFactorStep = lazy(() =>
  loadTwoFactorStep().then((module) => ({ default: module.TwoFactorStep })),
);

// An account whose address was never confirmed (open sign-up) confirms it here, rarely.
const loadUnverifiedStep = () => import('./verify-address-step.tsx');
const UnverifiedSignIn = lazy(() =>
  loadUnverifiedStep().then((module) => ({ default: module.UnverifiedSignIn })),
);

// Signing in with an email code is the less common way: its screens load when chosen.
const loadEmailCodeStep = () => import('./email-code-step.tsx');
const EmailCodeStep = lazy(() =>
  loadEmailCodeStep().then((module) => ({ default: module.EmailCodeStep })),
);

const RESTART_MESSAGES: Record<RestartReason, string> = {
  'too-many': 'Too many wrong codes. Enter your password again for a new try.',
  expired: 'That sign-in took too long. Enter your password again.',
};

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
  const [step, setStep] = useState<'password' | 'two-factor' | 'email-code' | 'unverified'>(
    'password',
  );
  const [restart, setRestart] = useState<RestartReason | null>(null);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const redirectTarget = useRedirectTarget();
  const session = useSession();
  const publicConfig = usePublicConfig();
  useFocusOnError(alertRef, signIn.error);

  // Stays busy after success until the next page has loaded and replaced this one.
  const pending = signIn.isPending || signIn.isSuccess;
  const sessionEnded =
    session.status === 'signed-out' && session.reason === 'session-ended' && !signIn.error;

  function onChange(field: keyof SignInValues) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      // From the latest values, not this render's: the static copy of this page hands over both
      // fields while React commits, before it renders again (lib/static-page.ts).
      setValues((current) => ({ ...current, [field]: value }));
      // Once a field has been flagged, re-check it as the user types so the error goes away.
      if (errors[field]) {
        const problem = checkSignIn({ ...values, [field]: value }).errors[field];
        setErrors((current) => ({ ...current, [field]: problem }));
      }
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
    setRestart(null);
    signIn.mutate(checked.request, {
      onSuccess: (result) => {
        if (result !== 'two-factor') return void navigate(redirectTarget, { replace: true });
        // If the chunk fails to load, the step's Suspense boundary tries again.
        void loadTwoFactorStep()
          .catch(() => undefined)
          .then(() => setStep('two-factor'));
      },
    });
  }

  if (step === 'two-factor') {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          onSignedIn={() => void navigate(redirectTarget, { replace: true })}
          onRestart={(reason) => {
            signIn.reset();
            setValues((current) => ({ ...current, password: '' }));
            setRestart(reason);
            setStep('password');
          }}
        />
      </Suspense>
    );
  }

  if (step === 'unverified') {
    return (
      <Suspense fallback={null}>
        <UnverifiedSignIn
          email={values.email.trim()}
          password={values.password}
          onVerified={() => void navigate(redirectTarget, { replace: true })}
          onBack={() => {
            signIn.reset();
            setStep('password');
          }}
        />
      </Suspense>
    );
  }

  if (step === 'email-code') {
    return (
      <Suspense fallback={null}>
        <EmailCodeStep
          initialEmail={values.email}
          onSignedIn={() => void navigate(redirectTarget, { replace: true })}
          onUsePassword={() => setStep('password')}
        />
      </Suspense>
    );
  }

  return (
    <CenteredCardLayout
      pageTitle="Sign in"
      heading="Sign in to Callboard"
      description="Welcome back. Sign in to see your organisation's calls."
      footer={
        publicConfig?.signUp ? (
          <>
            New to Callboard?{' '}
            <Link to="/sign-up" className={cardLayoutLinkClassName}>
              Create an account
            </Link>
          </>
        ) : (
          <>No account yet? Ask an admin of your organisation for an invitation.</>
        )
      }
    >
      {/* POST: the static copy of this page (lib/static-page.ts) submitted before the app's code
          has loaded must not put the password in a URL. */}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        {isApiError(signIn.error) && signIn.error.code === 'EMAIL_NOT_VERIFIED' ? (
          <Alert ref={alertRef} tone="error">
            Confirm your email address before you sign in.{' '}
            <button
              type="button"
              className="font-medium underline underline-offset-2"
              onClick={() => {
                // If the chunk fails to load, the step's Suspense boundary tries again.
                void loadUnverifiedStep()
                  .catch(() => undefined)
                  .then(() => setStep('unverified'));
              }}
            >
              Confirm it now
            </button>
          </Alert>
        ) : isApiError(signIn.error) && signIn.error.code === 'SSO_REQUIRED' ? (
          <Alert ref={alertRef} tone="error">
            Your organisation signs in with single sign-on.{' '}
            <Link
              to="/sso"
              state={{ email: values.email }}
              className="font-medium underline underline-offset-2"
            >
              Continue with single sign-on
            </Link>
          </Alert>
        ) : signIn.error ? (
          <Alert ref={alertRef} tone="error">
            {errorMessage(signIn.error)}
          </Alert>
        ) : restart ? (
          <Alert tone="info">{RESTART_MESSAGES[restart]}</Alert>
        ) : sessionEnded ? (
          <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
        ) : null}

        <Field label="Email" error={errors.email}>
          <EmailInput
            ref={emailRef}
            // The sign-in page has one job; start where the user will type (back from the code
            // step, the email is still there and the password is what is missing).
            autoFocus={!restart}
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
            autoFocus={Boolean(restart)}
            autoComplete="current-password"
            name="password"
            value={values.password}
            onChange={onChange('password')}
          />
        </Field>

        <Button type="submit" className="w-full" pending={pending} pendingLabel={SIGNING_IN_LABEL}>
          Sign in
        </Button>
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          <button
            type="button"
            className={`whitespace-nowrap ${cardLayoutLinkClassName}`}
            onClick={() => {
              signIn.reset();
              // If the chunk fails to load, the step's Suspense boundary tries again.
              void loadEmailCodeStep()
                .catch(() => undefined)
                .then(() => setStep('email-code'));
            }}
          >
            Email me a sign-in code instead
          </button>
          <Link
            to="/sso"
            state={{ email: values.email }}
            className={`whitespace-nowrap ${cardLayoutLinkClassName}`}
          >
            Use single sign-on
          </Link>
        </p>
      </form>
    </CenteredCardLayout>
  );
}
