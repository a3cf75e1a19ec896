// /sso: sign in through the organisation's identity provider (docs/security.md, "Single sign-on").
// The work address says which organisation, and so which provider; the provider sends the browser
// back signed in, or back here with the reason it could not.
import { signInWithSsoRoute } from '@callboard/contract/auth-routes';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { formResolver, INVALID_EMAIL_MESSAGE } from '../../../lib/forms.ts';
import { useStartSsoSignIn } from '../api/sso-sign-in.ts';

/**
 * What a failed sign-in at the provider means, by the code Callboard sent back. The words are
 * ours: the page never shows text from its address, which anyone can write.
 */
const RETURN_MESSAGES = new Map<string, string>([
  [
    'sso_domain_not_allowed',
    'Your identity provider signed you in with an address your organisation’s single sign-on does not cover.',
  ],
  [
    'sso_email_not_verified',
    'Your identity provider has not verified your email address. Ask your IT team to verify it, then try again.',
  ],
  [
    'sso_account_not_linked',
    'An account with this email address exists outside this organisation, so single sign-on cannot open it. Sign in the way you usually do, or ask your organisation’s admin for an invitation.',
  ],
  [
    'sso_account_changed',
    'Your identity provider now gives another email address for you than your Callboard account has. Ask your organisation’s admin.',
  ],
  ['access_denied', 'Sign-in was cancelled at your identity provider.'],
  ['invalid_state', 'That sign-in took too long or was already used. Try again.'],
  ['state_mismatch', 'That sign-in took too long or was already used. Try again.'],
  ['state_not_found', 'That sign-in took too long or was already used. Try again.'],
]);
const RETURN_FALLBACK =
  'Your identity provider could not sign you in. Try again, or ask your organisation’s admin to check its single sign-on settings.';

const ssoResolver = formResolver(signInWithSsoRoute.body, {
  email: { missing: 'Enter your work email address.', invalid: INVALID_EMAIL_MESSAGE },
});

export function SsoScreen() {
  const [search] = useSearchParams();
  const location = useLocation();
  const typed = (location.state as { email?: unknown } | null)?.email;
  const returned = search.get('error');
  const start = useStartSsoSignIn();
  const form = useForm({
    resolver: ssoResolver,
    defaultValues: { email: typeof typed === 'string' ? typed : '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) => start.mutate(email));

  return (
    <CenteredCardLayout
      pageTitle="Single sign-on"
      heading="Sign in with single sign-on"
      description="Enter your work email. We’ll take you to your organisation’s sign-in page, and it brings you back here."
      footer={
        <Link to="/auth" className={cardLayoutLinkClassName}>
          Sign in with a password instead
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {start.isError ? (
          <RequestErrorAlert error={start.error} />
        ) : returned ? (
          <Alert tone="error">{RETURN_MESSAGES.get(returned) ?? RETURN_FALLBACK}</Alert>
        ) : null}
        <Field label="Work email" error={errors.email?.message}>
          <EmailInput autoFocus {...form.register('email')} />
        </Field>
        <Button
          type="submit"
          className="w-full"
          pending={start.isPending}
          pendingLabel="Taking you to your sign-in page…"
        >
          Continue
        </Button>
      </form>
    </CenteredCardLayout>
  );
}
