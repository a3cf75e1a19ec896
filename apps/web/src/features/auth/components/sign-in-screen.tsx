import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useSession } from '../../../lib/session-provider.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInResolver } from '../forms.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { useRedirectTarget } from '../hooks/use-redirect-target.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';

export function SignInScreen() {
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const signIn = useSignIn();
  const navigate = useNavigate();
  const redirectTarget = useRedirectTarget();
  const session = useSession();
  useFocusOnError(alertRef, signIn.error);

  // Stays busy after success until the next page has loaded and replaced this one.
  const pending = signIn.isPending || signIn.isSuccess;
  const sessionEnded =
    session.status === 'signed-out' && session.reason === 'session-ended' && !signIn.error;

  const onSubmit = form.handleSubmit((values) => {
    if (pending) return;
    signIn.mutate(values, {
      onSuccess: () => void navigate(redirectTarget, { replace: true }),
    });
  });

  return (
    <CenteredCardLayout
      pageTitle="Sign in"
      heading="Sign in to Callboard"
      description="Welcome back. Sign in to see your organisation's calls."
      footer={<>No account yet? Ask an admin of your organisation for an invitation.</>}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {signIn.error ? (
          <Alert ref={alertRef} tone="error">
            {errorMessage(signIn.error)}
          </Alert>
        ) : sessionEnded ? (
          <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
        ) : null}

        <Field label="Email" error={errors.email?.message}>
          <EmailInput
            // The sign-in page has one job; start where the user will type.
            autoFocus
            {...form.register('email')}
          />
        </Field>

        <Field
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link
              to="/forgot-password"
              state={{ email: typedEmail }}
              className={`text-sm ${cardLayoutLinkClassName}`}
            >
              Forgot password?
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </Field>

        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
