// Single sign-on with the organisation's OpenID Connect provider (docs/security.md, "Single
// sign-on"): the issuer, the client the admin registered there, the email domains it signs in,
// and whether people at those domains must use it. The server checks the provider's discovery
// document before saving; the client secret is never shown again.
import { REAUTHENTICATION_WINDOW_MINUTES } from '@callboard/contract/auth-routes';
import type { SsoSettings, UpdateSsoBody } from '@callboard/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ConfirmIdentityForm } from '../../../components/ui/confirm-identity-form.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { isReauthenticationRequired, useReauthenticate } from '../../../lib/identity-check.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings } from '../api/sso-settings.ts';

interface Draft {
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
  require_sso: boolean;
}

/** For what must be typed exactly: no capitals, corrections or spelling marks on phones. */
const verbatim = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

type DraftErrors = Partial<Record<'issuer' | 'client_id' | 'client_secret' | 'domains', string>>;

const draftOf = (settings: SsoSettings): Draft => ({
  issuer: settings.issuer ?? '',
  client_id: settings.client_id ?? '',
  client_secret: '',
  domains: settings.domains.join(', '),
  require_sso: settings.require_sso,
});

/** "example.com, Example.co.uk" or one per line: the domains, as the server takes them. */
const domainList = (text: string) => text.split(/[\s,;]+/u).filter(Boolean);

/**
 * The stored secret is sent only to the provider and client it was issued for: a new issuer or
 * client id needs the secret typed again.
 */
const needsSecret = (draft: Draft, settings: SsoSettings) =>
  !settings.configured ||
  draft.issuer.trim() !== settings.issuer ||
  draft.client_id.trim() !== settings.client_id;

function check(draft: Draft, settings: SsoSettings): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.issuer.trim()) errors.issuer = 'Enter the identity provider’s issuer URL.';
  else if (!URL.canParse(draft.issuer.trim())) {
    errors.issuer = 'Enter a full URL, such as https://login.example.com.';
  }
  if (!draft.client_id.trim()) errors.client_id = 'Enter the client ID.';
  if (needsSecret(draft, settings) && !draft.client_secret) {
    errors.client_secret = settings.configured
      ? 'Enter the client secret again: the issuer or the client ID changed.'
      : 'Enter the client secret.';
  }
  if (domainList(draft.domains).length === 0) {
    errors.domains = 'Enter at least one email domain, such as example.com.';
  }
  return errors;
}

export function SsoSettingsSection() {
  const settings = useSsoSettings();
  return (
    <div className="max-w-xl space-y-4 px-4 py-5 sm:px-5">
      <div>
        <h3 className="text-sm font-semibold text-fg">Single sign-on (OpenID Connect)</h3>
        <p className="mt-1 text-sm leading-6 text-fg-muted">
          People at your email domains sign in through your identity provider (Okta, Microsoft Entra
          ID, Google Workspace, Keycloak…). Someone signing in for the first time joins as a member;
          existing members keep their account.
        </p>
      </div>
      {settings.isPending ? (
        <p className="text-sm text-fg-muted" role="status">
          Loading single sign-on…
        </p>
      ) : settings.isError ? (
        <RequestErrorAlert error={settings.error} />
      ) : (
        <SsoForm key={settings.data.updated_at ?? 'new'} settings={settings.data} />
      )}
    </div>
  );
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const formId = useId();
  const confirmFormId = useId();
  const save = useSaveSsoSettings();
  const confirm = useReauthenticate();
  const twoFactorEnabled = useAuthSession()?.user.two_factor.enabled ?? false;
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [removing, setRemoving] = useState(false);
  const serverFields = isApiError(save.error) ? save.error.fields : {};

  const edit = (field: keyof Draft) => (value: string | boolean) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (errors[field as keyof DraftErrors]) setErrors(check(next, settings));
    if (save.isError && !isReauthenticationRequired(save.error)) save.reset();
  };

  function body(): UpdateSsoBody {
    return {
      issuer: draft.issuer.trim(),
      client_id: draft.client_id.trim(),
      ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
      domains: domainList(draft.domains),
      require_sso: draft.require_sso,
    };
  }

  function submit() {
    save.mutate(body(), {
      onSuccess: (saved) =>
        showToast({
          tone: 'success',
          title: settings.configured ? 'Single sign-on saved' : 'Single sign-on is set up',
          description: saved.require_sso
            ? `Everyone at ${saved.domains.join(', ')} now signs in through your identity provider.`
            : undefined,
        }),
    });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found = check(draft, settings);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit();
  }

  if (isReauthenticationRequired(save.error)) {
    return (
      <div className="space-y-4 rounded-lg border border-border p-4">
        <ConfirmIdentityForm
          id={confirmFormId}
          reason={`Single sign-on decides who can sign in to your organisation. You signed in more than ${REAUTHENTICATION_WINDOW_MINUTES} minutes ago: confirm it’s you to save it.`}
          twoFactorEnabled={twoFactorEnabled}
          confirm={confirm}
          onConfirmed={submit}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            form={confirmFormId}
            pending={confirm.isPending || save.isPending}
            pendingLabel="Checking…"
          >
            Confirm and save
          </Button>
          <Button
            variant="secondary"
            disabled={confirm.isPending}
            onClick={() => {
              save.reset();
              confirm.reset();
            }}
          >
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      {save.isError ? <RequestErrorAlert error={save.error} /> : null}
      <Field
        label="Redirect URI"
        hint="Register this with your identity provider as the application’s sign-in redirect URI."
      >
        <div className="flex items-center gap-2">
          <Input readOnly value={settings.redirect_uri} className="font-mono text-[13px]" />
          <CopyButton value={settings.redirect_uri} label="Copy the redirect URI" />
        </div>
      </Field>
      <Field
        label="Issuer URL"
        error={errors.issuer ?? serverFields.issuer}
        hint="Where the provider’s /.well-known/openid-configuration is, as it names itself."
      >
        <Input
          type="url"
          inputMode="url"
          {...verbatim}
          placeholder="https://login.example.com"
          value={draft.issuer}
          onChange={(event) => edit('issuer')(event.target.value)}
        />
      </Field>
      <Field label="Client ID" error={errors.client_id ?? serverFields.client_id}>
        <Input
          {...verbatim}
          value={draft.client_id}
          onChange={(event) => edit('client_id')(event.target.value)}
        />
      </Field>
      <Field
        label="Client secret"
        error={errors.client_secret ?? serverFields.client_secret}
        hint={
          needsSecret(draft, settings)
            ? 'Kept on the server and never shown again.'
            : 'Stored and never shown. Leave it empty to keep it; type a new one to replace it.'
        }
      >
        <PasswordInput
          autoComplete="off"
          value={draft.client_secret}
          onChange={(event) => edit('client_secret')(event.target.value)}
        />
      </Field>
      <Field
        label="Email domains"
        error={errors.domains ?? serverFields.domains}
        hint="Separated by commas. Each domain belongs to one organisation."
      >
        <Input
          {...verbatim}
          placeholder="example.com"
          value={draft.domains}
          onChange={(event) => edit('domains')(event.target.value)}
        />
      </Field>
      <Switch
        checked={draft.require_sso}
        label="Require single sign-on for these domains"
        description="Passwords, email codes and password resets stop working for your members at these domains; they sign in through your identity provider only. Members who only use your provider are not asked for Callboard’s two-factor sign-in: your provider’s stands in for it."
        onCheckedChange={(value) => edit('require_sso')(value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={save.isPending} pendingLabel="Checking the provider…">
          {settings.configured ? 'Save' : 'Set up single sign-on'}
        </Button>
        {settings.configured ? (
          <Button variant="secondary" onClick={() => setRemoving(true)}>
            Remove single sign-on
          </Button>
        ) : null}
      </div>
      <RemoveDialog open={removing} onOpenChange={setRemoving} />
    </form>
  );
}

function RemoveDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveSsoSettings();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) remove.reset();
      }}
      title="Remove single sign-on?"
      confirmLabel="Remove"
      pendingLabel="Removing…"
      pending={remove.isPending}
      error={
        remove.isError
          ? isReauthenticationRequired(remove.error)
            ? `You signed in more than ${REAUTHENTICATION_WINDOW_MINUTES} minutes ago. Sign out and in again to remove it.`
            : errorMessage(remove.error)
          : null
      }
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            onOpenChange(false);
            showToast({ tone: 'success', title: 'Single sign-on removed' });
          },
        })
      }
    >
      People at your domains sign in with a password or an email code again. Those who only ever
      signed in through your identity provider have no password: they can use an email code, or set
      one with “Forgot password?”.
    </ConfirmDialog>
  );
}
