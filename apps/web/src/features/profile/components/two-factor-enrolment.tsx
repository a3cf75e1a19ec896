// Setting up two-factor sign-in, in three steps: confirm the password; scan the QR code (or type
// the key) and enter the app's first code; save the ten backup codes, shown only this once. Used
// on the profile and on the page an organisation that requires two-factor sends its members to.
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { AppCodeInput } from '../../../components/ui/app-code-input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { codeOrPasswordProblem } from '../../../lib/identity-check.ts';
import {
  secretOf,
  useConfirmEnrolment,
  useStartEnrolment,
  type Enrolment,
} from '../api/two-factor-api.ts';
import { QrCode } from './qr-code.tsx';

/** A step's buttons: Cancel, when the step can be left, and the one that sends it. */
export function FormActions({
  onCancel,
  pending,
  pendingLabel,
  children,
}: {
  onCancel: (() => void) | undefined;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel ? (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
        {children}
      </Button>
    </div>
  );
}

export function TwoFactorEnrolment({
  email,
  onDone,
  onCancel,
}: {
  email: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  if (!enrolment) return <PasswordStep onStarted={setEnrolment} onCancel={onCancel} />;
  if (!confirmed) {
    return (
      <ScanStep
        enrolment={enrolment}
        email={email}
        onConfirmed={() => setConfirmed(true)}
        onCancel={onCancel}
      />
    );
  }
  return <BackupCodesStep codes={enrolment.backupCodes} onDone={onDone} />;
}

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: Enrolment) => void;
  onCancel: (() => void) | undefined;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useStartEnrolment();
  const problem = codeOrPasswordProblem(start.error);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setMissing(true);
    start.mutate(password, { onSuccess: onStarted });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {start.isError && !problem ? <RequestErrorAlert error={start.error} /> : null}
      <Field
        label="Your password"
        hint="Confirm it’s you before changing how you sign in."
        error={missing ? 'Enter your password.' : (problem ?? undefined)}
      >
        <PasswordInput
          autoFocus
          autoComplete="current-password"
          name="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
            if (start.isError) start.reset();
          }}
        />
      </Field>
      <FormActions onCancel={onCancel} pending={start.isPending} pendingLabel="Checking…">
        Continue
      </FormActions>
    </form>
  );
}

function ScanStep({
  enrolment,
  email,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  email: string;
  onConfirmed: () => void;
  onCancel: (() => void) | undefined;
}) {
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = useConfirmEnrolment();
  const problem = codeOrPasswordProblem(confirm.error);
  const key = secretOf(enrolment.totpURI);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      codeRef.current?.focus();
      return;
    }
    confirm.mutate(code, { onSuccess: onConfirmed });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="@container space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg-muted marker:text-fg-subtle">
        <li>
          Open an authenticator app (1Password, Google Authenticator, Microsoft Authenticator…).
        </li>
        <li>Scan this QR code with it, or type the key below.</li>
        <li>Enter the 6-digit code the app shows for Callboard.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 @md:flex-row @md:items-start">
        <QrCode value={enrolment.totpURI} label={`QR code for Callboard, ${email}`} />
        <div className="w-full min-w-0 space-y-1.5">
          <p className="text-sm font-medium text-fg">Key</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="two-factor-key"
              className="min-w-0 rounded-md bg-surface-muted px-2 py-1.5 font-mono text-sm wrap-break-word text-fg"
            >
              {key}
            </code>
            <CopyButton value={key.replaceAll(' ', '')} label="Copy the key" />
          </div>
          <p className="text-xs text-fg-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      {confirm.isError && !problem ? <RequestErrorAlert error={confirm.error} /> : null}
      <Field label="Code from the app" error={missing ? 'Enter the code.' : (problem ?? undefined)}>
        <AppCodeInput
          ref={codeRef}
          // The password step that had the focus is gone: the code is what comes next.
          autoFocus
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setMissing(false);
            if (confirm.isError) confirm.reset();
          }}
        />
      </Field>
      <FormActions onCancel={onCancel} pending={confirm.isPending} pendingLabel="Checking…">
        Turn on two-factor
      </FormActions>
    </form>
  );
}

function BackupCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');

  function download() {
    const url = URL.createObjectURL(
      new Blob([`Callboard backup codes (each works once)\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'callboard-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg">
        Two-factor sign-in is on. Save these backup codes somewhere safe: if you lose your phone,
        each one signs you in once. <strong>They are shown only now.</strong>
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg bg-surface-muted p-4 font-mono text-sm text-fg"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto inline-flex items-center gap-1 text-sm text-fg-muted">
          Copy all <CopyButton value={text} label="Copy the backup codes" />
        </span>
        <Button type="button" variant="secondary" onClick={download}>
          Download
        </Button>
        <Button type="button" onClick={onDone}>
          I’ve saved them
        </Button>
      </div>
    </div>
  );
}
