// "Check your email": the form for a 6-digit code sent by email, with a new code on request after
// a cooldown. Signing in with an email code and verifying a new account's address both use it.
import { EMAIL_CODE_MINUTES } from '@callboard/contract/auth-routes';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cardLayoutLinkClassName } from '../../../components/ui/centered-card-layout.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';

/** A new code can be asked for this long after the last one (the mail may just be slow). */
export const RESEND_COOLDOWN_SECONDS = 60;

// The server answers every refused code alike (a wrong, expired or used-up code), so that the
// answer tells nothing about the address.
function codeError(error: unknown): string {
  if (isApiError(error) && error.code === 'INVALID_OTP') {
    return `That code didn’t work. Check it against the latest email, or send a new code: each works for ${EMAIL_CODE_MINUTES} minutes, with 3 tries.`;
  }
  return errorMessage(error);
}

/** Seconds left until `until` (a Date.now() value), ticking once a second while above zero. */
function useSecondsUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** The state of a request (a TanStack Query mutation's, say). */
interface RequestState {
  isPending: boolean;
  error: Error | null;
}

export function EmailCodeForm({
  resendAt,
  submit,
  onCode,
  submitLabel,
  pendingLabel,
  send,
  onResend,
  onChangeEmail,
}: {
  resendAt: number;
  /** What the code does (signs in, or verifies the address and signs in): its request's state. */
  submit: RequestState & { isSuccess: boolean; reset: () => void };
  /** Sends the code typed. */
  onCode: (code: string) => void;
  submitLabel: string;
  pendingLabel: string;
  /** The request for a new code, for its state. */
  send: RequestState;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const waitSeconds = useSecondsUntil(resendAt);
  const error = submit.error ?? send.error;
  useFocusOnError(alertRef, error);
  // Stays busy after success until the next page has loaded and replaced this one.
  const pending = submit.isPending || submit.isSuccess;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!code.trim()) {
      setMissing(true);
      codeRef.current?.focus();
      return;
    }
    onCode(code);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {error ? (
        <Alert ref={alertRef} tone="error">
          {submit.error ? codeError(submit.error) : errorMessage(send.error)}
        </Alert>
      ) : null}
      <Field
        label="Code from the email"
        error={missing ? 'Enter the code.' : undefined}
        labelAside={
          <button
            type="button"
            className={`text-sm ${cardLayoutLinkClassName}`}
            onClick={onChangeEmail}
          >
            Use a different email
          </button>
        }
      >
        <Input
          ref={codeRef}
          autoFocus
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={8}
          className="font-mono tracking-widest"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (missing) setMissing(false);
            if (submit.error) submit.reset();
          }}
        />
      </Field>
      <Button type="submit" className="w-full" pending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </Button>
      <p className="text-center text-sm text-fg-muted">
        No email?{' '}
        {waitSeconds > 0 ? (
          <span>You can send a new code in {waitSeconds} s.</span>
        ) : (
          <button
            type="button"
            className={cardLayoutLinkClassName}
            disabled={send.isPending}
            onClick={() => {
              submit.reset();
              onResend();
            }}
          >
            {send.isPending ? 'Sending…' : 'Send a new code'}
          </button>
        )}
      </p>
    </form>
  );
}
