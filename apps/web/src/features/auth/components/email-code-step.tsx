// Sign-in with a code sent by email instead of the password (docs/security.md, "Sign-in with an
// email code"): the address, then the 6-digit code from the mail. Loaded only when someone chooses
// it, so the sign-in page's first download stays within its budget.
import { EMAIL_CODE_DIGITS, EMAIL_CODE_MINUTES } from '@callboard/contract/auth-routes';
import { emailSchema } from '@callboard/contract/email';
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSendSignInCode, useSignInWithCode } from '../api/email-code-sign-in.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import { EmailCodeForm, RESEND_COOLDOWN_SECONDS } from './email-code-form.tsx';
import { OWN_EMAIL_WORDING } from '../sign-in-check.ts';

export function EmailCodeStep({
  initialEmail,
  onSignedIn,
  onUsePassword,
}: {
  initialEmail: string;
  onSignedIn: () => void;
  onUsePassword: () => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState(0);
  const send = useSendSignInCode();

  function sendTo(email: string) {
    send.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
        setSentAt(Date.now());
      },
    });
  }

  const usePassword = (
    <button type="button" className={cardLayoutLinkClassName} onClick={onUsePassword}>
      Sign in with your password instead
    </button>
  );

  if (sentTo === null) {
    return (
      <AskForCode initialEmail={initialEmail} send={send} onSend={sendTo} footer={usePassword} />
    );
  }
  return (
    <EnterCode
      // A new code starts the form afresh.
      key={sentAt}
      email={sentTo}
      resendAt={sentAt + RESEND_COOLDOWN_SECONDS * 1000}
      send={send}
      onResend={() => sendTo(sentTo)}
      onChangeEmail={() => {
        send.reset();
        setSentTo(null);
      }}
      onSignedIn={onSignedIn}
      footer={usePassword}
    />
  );
}

function AskForCode({
  initialEmail,
  send,
  onSend,
  footer,
}: {
  initialEmail: string;
  send: ReturnType<typeof useSendSignInCode>;
  onSend: (email: string) => void;
  footer: ReactNode;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | undefined>();
  useFocusOnError(alertRef, send.error);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = emailSchema.safeParse(email);
    const next = !email.trim()
      ? OWN_EMAIL_WORDING.missing
      : parsed.success
        ? undefined
        : OWN_EMAIL_WORDING.invalid;
    setProblem(next);
    if (!parsed.success) return emailRef.current?.focus();
    onSend(parsed.data);
  }

  return (
    <CenteredCardLayout
      pageTitle="Sign in with an email code"
      heading="Sign in with an email code"
      description={`We’ll email you a ${EMAIL_CODE_DIGITS}-digit code to sign in with. It works once, for ${EMAIL_CODE_MINUTES} minutes.`}
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {send.error ? (
          <Alert ref={alertRef} tone="error">
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        <Field label="Email" error={problem}>
          <EmailInput
            ref={emailRef}
            autoFocus
            name="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (problem) setProblem(undefined);
            }}
          />
        </Field>
        <Button type="submit" className="w-full" pending={send.isPending} pendingLabel="Sending…">
          Email me a code
        </Button>
      </form>
    </CenteredCardLayout>
  );
}

function EnterCode({
  email,
  onSignedIn,
  footer,
  ...form
}: {
  email: string;
  resendAt: number;
  send: ReturnType<typeof useSendSignInCode>;
  onResend: () => void;
  onChangeEmail: () => void;
  onSignedIn: () => void;
  footer: ReactNode;
}) {
  const signIn = useSignInWithCode();
  return (
    <CenteredCardLayout
      pageTitle="Check your email"
      heading="Check your email"
      description={`If ${email} has a Callboard account, we’ve sent it a ${EMAIL_CODE_DIGITS}-digit code. It works for ${EMAIL_CODE_MINUTES} minutes.`}
      footer={footer}
    >
      <EmailCodeForm
        {...form}
        submit={signIn}
        onCode={(code) => signIn.mutate({ email, code }, { onSuccess: onSignedIn })}
        submitLabel="Sign in"
        pendingLabel="Signing in…"
      />
    </CenteredCardLayout>
  );
}
