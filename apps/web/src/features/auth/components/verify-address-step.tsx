// Confirming a new account's address (docs/security.md, "Sign-up"): the 6-digit code mailed to it,
// with the password the account was created with (so that a later sign-up for the same address,
// by someone else, cannot be the one verified). The code signs in. Used right after signing up,
// and from sign-in for an account whose address is not confirmed yet (loaded only then).
import { EMAIL_CODE_DIGITS, EMAIL_CODE_MINUTES } from '@callboard/contract/auth-routes';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { useSendVerificationCode, useVerifyEmail } from '../api/sign-up.ts';
import { EmailCodeForm, RESEND_COOLDOWN_SECONDS } from './email-code-form.tsx';

export function VerifyAddress({
  email,
  password,
  sentAt,
  description,
  onChangeEmail,
  onVerified,
  footer,
}: {
  email: string;
  password: string;
  /** When the last code was sent (a Date.now() value). */
  sentAt: number;
  description?: string;
  onChangeEmail: () => void;
  onVerified: () => void;
  footer?: ReactNode;
}) {
  const [lastSent, setLastSent] = useState(sentAt);
  const verify = useVerifyEmail();
  const send = useSendVerificationCode();
  return (
    <CenteredCardLayout
      pageTitle="Confirm your email"
      heading="Confirm your email"
      description={
        description ??
        // A non-breaking hyphen: "6-digit" never breaks at the hyphen on a narrow screen.
        `We’ve sent a message to ${email}. Enter the ${EMAIL_CODE_DIGITS}\u2011digit code from it within ${EMAIL_CODE_MINUTES} minutes.`
      }
      footer={footer}
    >
      <EmailCodeForm
        // A new code starts the form afresh.
        key={lastSent}
        resendAt={lastSent + RESEND_COOLDOWN_SECONDS * 1000}
        submit={verify}
        onCode={(code) => verify.mutate({ email, code, password }, { onSuccess: onVerified })}
        submitLabel="Confirm and continue"
        pendingLabel="Confirming…"
        send={send}
        onResend={() => send.mutate(email, { onSuccess: () => setLastSent(Date.now()) })}
        onChangeEmail={onChangeEmail}
      />
    </CenteredCardLayout>
  );
}

/**
 * From sign-in: the password was right but the address was never confirmed. A code is sent on
 * request (the one from the sign-up may have expired), then confirmed here.
 */
export function UnverifiedSignIn({
  email,
  password,
  onVerified,
  onBack,
}: {
  email: string;
  password: string;
  onVerified: () => void;
  onBack: () => void;
}) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const send = useSendVerificationCode();
  const back = (
    <button type="button" className={cardLayoutLinkClassName} onClick={onBack}>
      Back to sign in
    </button>
  );
  if (sentAt !== null) {
    return (
      <VerifyAddress
        email={email}
        password={password}
        sentAt={sentAt}
        onChangeEmail={onBack}
        onVerified={onVerified}
        footer={back}
      />
    );
  }
  return (
    <CenteredCardLayout
      pageTitle="Confirm your email"
      heading="Confirm your email"
      description={`Your account’s address, ${email}, isn’t confirmed yet. We’ll email it a ${EMAIL_CODE_DIGITS}\u2011digit code; entering it confirms the address and signs you in.`}
      footer={back}
    >
      <div className="space-y-5">
        {send.isError ? <RequestErrorAlert error={send.error} /> : null}
        <Button
          className="w-full"
          autoFocus
          pending={send.isPending}
          pendingLabel="Sending…"
          onClick={() => send.mutate(email, { onSuccess: () => setSentAt(Date.now()) })}
        >
          Email me a code
        </Button>
      </div>
    </CenteredCardLayout>
  );
}
