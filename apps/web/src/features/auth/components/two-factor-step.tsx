// Sign-in's second step (docs/security.md, "Two-factor sign-in"): the password was right, and the
// account asks for a code from the authenticator app or one of the backup codes. Loaded only when
// an account needs it, so the sign-in page's first download stays within its budget.
import { useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTwoFactorSignIn, type SecondFactor } from '../api/two-factor-sign-in.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';

/** Why the password must be entered again, in the sign-in page's words. */
export type RestartReason = 'expired' | 'too-many';

/** The code answers that end this sign-in: the password must be entered again. */
function restartReason(error: unknown): RestartReason | null {
  if (!isApiError(error)) return null;
  if (error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return 'too-many';
  if (error.code === 'INVALID_TWO_FACTOR_COOKIE') return 'expired';
  return null;
}

function codeError(error: unknown, method: SecondFactor['method']): string {
  if (isApiError(error)) {
    if (error.code === 'INVALID_CODE') {
      return 'That code isn’t right. Check the code in your authenticator app and try again.';
    }
    if (error.code === 'INVALID_BACKUP_CODE') {
      return 'That backup code isn’t right, or it has been used already.';
    }
    if (error.code === 'ACCOUNT_TEMPORARILY_LOCKED') {
      return 'Too many wrong codes in a row. Try again in 15 minutes.';
    }
    if (error.code === 'CODE_ALREADY_USED') return error.message;
  }
  return method === 'totp' || !isApiError(error) ? errorMessage(error) : error.message;
}

export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  onRestart: (reason: RestartReason | null) => void;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [method, setMethod] = useState<SecondFactor['method']>('totp');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const verify = useTwoFactorSignIn();
  useFocusOnError(alertRef, verify.error);
  const pending = verify.isPending || verify.isSuccess;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!code.trim()) {
      setMissing(true);
      codeRef.current?.focus();
      return;
    }
    verify.mutate(
      { method, code, trustDevice },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const reason = restartReason(error);
          if (reason) onRestart(reason);
        },
      },
    );
  }

  function switchMethod() {
    setMethod(method === 'totp' ? 'backup' : 'totp');
    setCode('');
    setMissing(false);
    verify.reset();
    codeRef.current?.focus();
  }

  const totp = method === 'totp';
  return (
    <CenteredCardLayout
      pageTitle="Two-factor sign-in"
      heading="Two-factor sign-in"
      description={
        totp
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.'
      }
      footer={
        <button type="button" className={cardLayoutLinkClassName} onClick={() => onRestart(null)}>
          Sign in as someone else
        </button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {verify.error ? (
          <Alert ref={alertRef} tone="error">
            {codeError(verify.error, method)}
          </Alert>
        ) : null}
        <Field
          label={totp ? 'Authentication code' : 'Backup code'}
          error={missing ? (totp ? 'Enter the code.' : 'Enter a backup code.') : undefined}
          labelAside={
            <button
              type="button"
              className={`text-sm ${cardLayoutLinkClassName}`}
              onClick={switchMethod}
            >
              {totp ? 'Use a backup code' : 'Use your authenticator app'}
            </button>
          }
        >
          <Input
            ref={codeRef}
            autoFocus
            name="code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (missing) setMissing(false);
              if (verify.isError) verify.reset();
            }}
            // The phone's keyboard and the password manager's one-time-code fill for app codes.
            {...(totp
              ? { inputMode: 'numeric', autoComplete: 'one-time-code', placeholder: '123456' }
              : { autoComplete: 'off', spellCheck: false, placeholder: 'abcde-12345' })}
            maxLength={totp ? 8 : 20}
            className="font-mono tracking-widest"
          />
        </Field>
        <label className="flex items-start gap-3 text-sm text-fg">
          <input
            type="checkbox"
            checked={trustDevice}
            onChange={(event) => setTrustDevice(event.target.checked)}
            className="mt-0.5 size-4 rounded border-border accent-accent"
          />
          <span>
            Trust this browser for 30 days
            <span className="block text-fg-muted">
              Don’t use this on a shared or public computer.
            </span>
          </span>
        </label>
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Checking…">
          Verify
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
