// The profile's two-factor sign-in: whether it is on, setting it up, and turning it off with the
// password and a current code (docs/security.md, "Two-factor sign-in").
import type { Me } from '@callboard/contract';
import { useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { AppCodeInput } from '../../../components/ui/app-code-input.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { codeOrPasswordProblem } from '../../../lib/identity-check.ts';
import { useDisableTwoFactor } from '../api/two-factor-api.ts';
import { FormActions, TwoFactorEnrolment } from './two-factor-enrolment.tsx';

type Mode = 'view' | 'enrol' | 'disable';

export function TwoFactorSection({ user }: { user: Me }) {
  const [mode, setMode] = useState<Mode>('view');
  const { enabled, required } = user.two_factor;

  // Enrolment turns it on half-way (before the backup codes are shown): it stays on screen until
  // the user says they have saved them.
  if (mode === 'enrol') {
    return (
      <TwoFactorEnrolment
        email={user.email}
        onCancel={() => setMode('view')}
        onDone={() => {
          setMode('view');
          showToast({ tone: 'success', title: 'Two-factor sign-in is on' });
        }}
      />
    );
  }
  if (mode === 'disable') return <DisableForm onClose={() => setMode('view')} />;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="flex items-center gap-2 text-sm font-medium text-fg">
          Authenticator app
          <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
        </p>
        <p className="text-sm text-fg-muted">
          {enabled
            ? 'Each sign-in on a new browser asks for a code from your app, or a backup code.'
            : required
              ? 'Your organisation requires it. Set it up to keep using Callboard.'
              : 'Add a code from your phone to each sign-in, so a password alone is not enough.'}
        </p>
      </div>
      {enabled ? (
        required ? (
          <p className="text-sm text-fg-muted sm:max-w-48 sm:text-right">
            Required by your organisation
          </p>
        ) : (
          <Button variant="secondary" onClick={() => setMode('disable')}>
            Turn off
          </Button>
        )
      ) : (
        <Button onClick={() => setMode('enrol')}>Set up</Button>
      )}
    </div>
  );
}

function DisableForm({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});
  const disable = useDisableTwoFactor();
  const problem = codeOrPasswordProblem(disable.error);
  const wrongPassword = isApiError(disable.error) && disable.error.code === 'INVALID_PASSWORD';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = {
      ...(password ? {} : { password: 'Enter your password.' }),
      ...(code.trim() ? {} : { code: 'Enter the code from your app.' }),
    };
    setMissing(next);
    if (next.password || next.code) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          onClose();
          showToast({ tone: 'success', title: 'Two-factor sign-in is off' });
        },
      },
    );
  }

  const edited = () => {
    if (disable.isError) disable.reset();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Alert tone="info">Without it, your password alone signs you in.</Alert>
      {disable.isError && !problem ? <RequestErrorAlert error={disable.error} /> : null}
      <Field
        label="Your password"
        error={missing.password ?? (wrongPassword ? (problem ?? undefined) : undefined)}
      >
        <PasswordInput
          autoFocus
          autoComplete="current-password"
          name="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            edited();
          }}
        />
      </Field>
      <Field
        label="Code from your authenticator app"
        error={missing.code ?? (!wrongPassword ? (problem ?? undefined) : undefined)}
      >
        <AppCodeInput
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            edited();
          }}
        />
      </Field>
      <FormActions onCancel={onClose} pending={disable.isPending} pendingLabel="Turning off…">
        Turn off two-factor
      </FormActions>
    </form>
  );
}
