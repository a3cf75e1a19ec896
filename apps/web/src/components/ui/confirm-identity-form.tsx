import { useState, type SubmitEvent } from 'react';
import {
  codeOrPasswordProblem,
  type IdentityProof,
  type useReauthenticate,
} from '../../lib/identity-check.ts';
import { AppCodeInput } from './app-code-input.tsx';
import { cardLayoutLinkClassName as linkClassName } from './centered-card-layout.tsx';
import { Field } from './field.tsx';
import { PasswordInput } from './password-input.tsx';
import { RequestErrorAlert } from './request-error-alert.tsx';

/**
 * "Confirm it's you" before a sensitive action (docs/security.md, "Re-authentication"): the
 * password, or, for a user with two-factor sign-in on, a code from their authenticator app. The
 * caller owns the mutation (its footer's submit button shows it pending, pointing at `id`) and
 * sends the refused action again once confirmed.
 */
export function ConfirmIdentityForm({
  id,
  reason,
  twoFactorEnabled,
  confirm,
  onConfirmed,
}: {
  id: string;
  /** Why it is asked, in a sentence. */
  reason: string;
  twoFactorEnabled: boolean;
  confirm: ReturnType<typeof useReauthenticate>;
  onConfirmed: () => void;
}) {
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const problem = codeOrPasswordProblem(confirm.error);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) return setMissing(true);
    const proof: IdentityProof = method === 'password' ? { password: value } : { code: value };
    confirm.mutate(proof, { onSuccess: onConfirmed });
  }

  function switchMethod() {
    setMethod(method === 'password' ? 'code' : 'password');
    setValue('');
    setMissing(false);
    confirm.reset();
  }

  const edit = (next: string) => {
    setValue(next);
    setMissing(false);
    if (confirm.isError) confirm.reset();
  };

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm leading-6 text-fg-muted">{reason}</p>
      {confirm.isError && !problem ? <RequestErrorAlert error={confirm.error} /> : null}
      {/* With two-factor on, either will do: the switch sits beside the label. */}
      <Field
        key={method}
        label={method === 'password' ? 'Your password' : 'Code from your authenticator app'}
        error={
          missing
            ? method === 'password'
              ? 'Enter your password.'
              : 'Enter the code from your app.'
            : (problem ?? undefined)
        }
        labelAside={
          twoFactorEnabled ? (
            <button type="button" className={`text-sm ${linkClassName}`} onClick={switchMethod}>
              {method === 'password' ? 'Use a code instead' : 'Use your password'}
            </button>
          ) : undefined
        }
      >
        {method === 'password' ? (
          <PasswordInput
            autoFocus
            autoComplete="current-password"
            name="password"
            value={value}
            onChange={(event) => edit(event.target.value)}
          />
        ) : (
          <AppCodeInput autoFocus value={value} onChange={(event) => edit(event.target.value)} />
        )}
      </Field>
    </form>
  );
}
