// /sign-up: create an account without an invitation, where the operator allows it (docs/security.md,
// "Sign-up"). The name, address and password; then the 6-digit code sent to the address, which
// verifies it and signs in.
import {
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_MINUTES,
  signUpRoute,
} from '@callboard/contract/auth-routes';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { NameFields, nameFieldsWording } from '../../../components/ui/name-fields.tsx';
import { NewPasswordField } from '../../../components/ui/new-password-field.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { formResolver } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/telemetry.ts';
import { useSignUp, type SignUpValues } from '../api/sign-up.ts';
import { OWN_EMAIL_WORDING } from '../sign-in-check.ts';
import { VerifyAddress } from './verify-address-step.tsx';

const EMPTY: SignUpValues = { first_name: '', last_name: '', email: '', password: '' };

const signInLink = (
  <>
    Already have an account?{' '}
    <Link to="/auth" className={cardLayoutLinkClassName}>
      Sign in
    </Link>
  </>
);

export function SignUpScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  // The sign-up whose address is being confirmed: its password goes with the code.
  const [sent, setSent] = useState<{ values: SignUpValues; at: number } | null>(null);
  const config = usePublicConfig();

  if (sent) {
    return (
      <VerifyAddress
        email={sent.values.email}
        password={sent.values.password}
        sentAt={sent.at}
        description={`We’ve sent a message to ${sent.values.email}. Enter the ${EMAIL_CODE_DIGITS}\u2011digit code from it within ${EMAIL_CODE_MINUTES} minutes. If the address already has an account, the message says how to sign in instead.`}
        onChangeEmail={() => {
          setValues(sent.values);
          setSent(null);
        }}
        // A new account belongs to no organisation yet: the dashboard says what to do next.
        onVerified={() => void navigate('/dashboard', { replace: true })}
        footer={signInLink}
      />
    );
  }

  if (config?.signUp === false) {
    return (
      <CenteredCardLayout
        pageTitle="Create an account"
        heading="Accounts are by invitation"
        description="Callboard accounts here are created by invitation. Ask an admin of your organisation to invite you; the invitation’s link lets you set up your account."
      >
        <Link to="/auth" className={cn(buttonClassName('primary'), 'w-full')}>
          Back to sign in
        </Link>
      </CenteredCardLayout>
    );
  }

  return (
    <CenteredCardLayout
      pageTitle="Create an account"
      heading="Create your Callboard account"
      description="After this, we’ll email you a code to confirm your address. To join your organisation’s Callboard, ask its admin for an invitation."
      footer={signInLink}
    >
      <SignUpForm
        defaultValues={values}
        onCreated={(created) => setSent({ values: created, at: Date.now() })}
      />
    </CenteredCardLayout>
  );
}

const signUpResolver = formResolver(signUpRoute.body, {
  ...nameFieldsWording,
  email: OWN_EMAIL_WORDING,
  password: { missing: 'Choose a password.' },
});

function SignUpForm({
  defaultValues,
  onCreated,
}: {
  defaultValues: SignUpValues;
  onCreated: (values: SignUpValues) => void;
}) {
  const signUp = useSignUp();
  const form = useForm({ resolver: signUpResolver, defaultValues });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit((values) => {
    signUp.mutate(values, { onSuccess: () => onCreated(values) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {signUp.isError ? <RequestErrorAlert error={signUp.error} /> : null}
      <NameFields
        firstName={{ ...form.register('first_name'), error: errors.first_name?.message }}
        lastName={{ ...form.register('last_name'), error: errors.last_name?.message }}
      />
      <Field label="Email" error={errors.email?.message}>
        <EmailInput {...form.register('email')} />
      </Field>
      <NewPasswordField
        password={password}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button
        type="submit"
        className="w-full"
        pending={signUp.isPending}
        pendingLabel="Creating your account…"
      >
        Create account
      </Button>
    </form>
  );
}
