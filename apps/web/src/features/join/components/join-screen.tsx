// /join?token=…: the page an invitation's link opens. It shows the organisation, who invited and
// the role, then — depending on who is looking — creates the account, asks to sign in, or joins.
import { joinSignUpBodySchema, type InvitationPreview } from '@callboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';
import {
  IconArrowLeft,
  IconBuilding,
  IconLinkOff,
  IconUserPlus,
} from '../../../components/ui/icons.tsx';
import { NameFields, nameFieldsWording } from '../../../components/ui/name-fields.tsx';
import { NewPasswordField } from '../../../components/ui/new-password-field.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { formResolver } from '../../../lib/forms.ts';
import { signInPath } from '../../../lib/safe-redirect.ts';
import { signOut } from '../../../lib/session.ts';
import { useSession } from '../../../lib/session-provider.tsx';
import {
  invitationProblem,
  useAcceptInvitation,
  useInvitationPreview,
  useJoinSignUp,
  type InvitationProblem,
} from '../api/invitation-api.ts';

const HOME = '/dashboard';

const PROBLEM_HEADINGS: Record<InvitationProblem, string> = {
  unknown: 'This invitation link isn’t valid',
  expired: 'This invitation has expired',
  revoked: 'This invitation was withdrawn',
  used: 'This invitation has already been used',
  other: 'We couldn’t open this invitation',
};

export function JoinScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!token) return <NoToken />;
  return <JoinWithToken token={token} />;
}

function NoToken() {
  return (
    <CenteredCardLayout
      pageTitle="Join your team"
      heading="Join your team on Callboard"
      description="Callboard accounts are by invitation: an admin of your organisation sends you a link by email."
      icon={<RoundIcon>{<IconUserPlus className="size-5" />}</RoundIcon>}
      footer={<SignInLink />}
    >
      <p className="text-sm leading-6 text-fg-muted">
        Open the link in your invitation email to join. No invitation yet? Ask an admin of your
        organisation to invite you from Callboard’s admin area.
      </p>
    </CenteredCardLayout>
  );
}

function JoinWithToken({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) {
    return (
      <CenteredCardLayout pageTitle="Join your team" heading="Opening your invitation…">
        <div
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-fg-muted"
        >
          <Spinner />
          Checking the link
        </div>
      </CenteredCardLayout>
    );
  }
  if (preview.isError) {
    const problem = invitationProblem(preview.error);
    const signIn = problem === 'used';
    return (
      <CenteredCardLayout
        pageTitle="Invitation"
        heading={PROBLEM_HEADINGS[problem]}
        icon={<RoundIcon tone="danger">{<IconLinkOff className="size-5" />}</RoundIcon>}
        footer={signIn ? null : <SignInLink />}
      >
        {/* The server's reason, word for word; the heading has already said what went wrong. */}
        <p role="alert" className="text-sm leading-6 text-fg">
          {errorMessage(preview.error)}
        </p>
        {problem === 'unknown' ? (
          <p className="mt-3 text-sm leading-6 text-fg-muted">
            If it still doesn’t open, an admin of your organisation can send you a new invitation.
          </p>
        ) : null}
        {problem === 'other' ? (
          <Button
            variant="secondary"
            className="mt-5 w-full"
            onClick={() => void preview.refetch()}
          >
            Try again
          </Button>
        ) : signIn ? (
          <Link to="/auth" className={cn(buttonClassName('primary'), 'mt-5 w-full')}>
            Sign in
          </Link>
        ) : null}
      </CenteredCardLayout>
    );
  }
  return <Invitation token={token} invitation={preview.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const session = useSession();
  const organisation = invitation.organisation.name;
  let body: ReactNode;
  if (session.status === 'signed-in') {
    const { email, organisation: current } = session.session.user;
    body =
      email.toLowerCase() !== invitation.email.toLowerCase() ? (
        <WrongAccount signedInAs={email} invitedEmail={invitation.email} />
      ) : current ? (
        // One organisation per account: joining would fail, so say why instead of offering it.
        <InOtherOrganisation current={current.name} invited={organisation} />
      ) : (
        <AcceptAsUser token={token} organisation={organisation} />
      );
  } else if (invitation.accountExists) {
    body = <SignInToAccept token={token} email={invitation.email} />;
  } else {
    body = <SignUpForm token={token} />;
  }
  return (
    <CenteredCardLayout
      pageTitle={`Join ${organisation}`}
      heading={`Join ${organisation} on Callboard`}
      description={
        invitation.invitedBy
          ? `${invitation.invitedBy} invited you to the team’s call log.`
          : 'You were invited to the team’s call log.'
      }
      icon={<RoundIcon>{<IconUserPlus className="size-5" />}</RoundIcon>}
      footer={
        session.status === 'signed-in' ? (
          <DashboardLink />
        ) : invitation.accountExists ? null : (
          <SignInLink next={`/join?token=${encodeURIComponent(token)}`} />
        )
      }
    >
      <InvitationSummary invitation={invitation} />
      {body}
    </CenteredCardLayout>
  );
}

function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl className="mb-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border bg-surface-muted px-4 py-3 text-sm">
      <dt className="text-fg-muted">Organisation</dt>
      <dd className="flex min-w-0 items-center gap-1.5 font-medium text-fg">
        <IconBuilding className="size-4 shrink-0 text-fg-subtle" />
        <span className="truncate">{invitation.organisation.name}</span>
      </dd>
      <dt className="text-fg-muted">Email</dt>
      <dd className="truncate text-fg">{invitation.email}</dd>
      <dt className="text-fg-muted">Role</dt>
      <dd>
        <Badge tone={invitation.role === 'admin' ? 'info' : 'neutral'}>
          {invitation.role === 'admin' ? 'Admin' : 'Member'}
        </Badge>
      </dd>
      <dt className="text-fg-muted">Expires</dt>
      <dd className="text-fg">{formatDate(invitation.expiresAt)}</dd>
    </dl>
  );
}

function AcceptAsUser({ token, organisation }: { token: string; organisation: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation(token, () => {
    // Everything cached so far was seen without the organisation.
    queryClient.removeQueries();
    void navigate(HOME, { replace: true });
  });
  return (
    <div>
      {accept.isError ? <RequestErrorAlert error={accept.error} className="mb-4" /> : null}
      <Button
        className="w-full"
        pending={accept.isPending}
        pendingLabel="Joining…"
        onClick={() => accept.mutate()}
      >
        Join {organisation}
      </Button>
    </div>
  );
}

function InOtherOrganisation({ current, invited }: { current: string; invited: string }) {
  return (
    <Alert tone="info" title={`You already belong to ${current}`}>
      Each Callboard account belongs to one organisation, and yours is in{' '}
      <strong className="font-medium">{current}</strong>. To join {invited}, ask an admin of{' '}
      {current} to remove you from it, then open this link again while it is still valid.
    </Alert>
  );
}

function WrongAccount({ signedInAs, invitedEmail }: { signedInAs: string; invitedEmail: string }) {
  const [pending, setPending] = useState(false);
  return (
    <div>
      <Alert tone="info" title="This invitation is for another address">
        You’re signed in as <strong className="font-medium">{signedInAs}</strong>, but the
        invitation was sent to <strong className="font-medium">{invitedEmail}</strong>.
      </Alert>
      <Button
        variant="secondary"
        className="mt-5 w-full"
        pending={pending}
        pendingLabel="Signing out…"
        onClick={() => {
          setPending(true);
          // Signed out, this page offers the invited address's way in.
          void signOut('user').finally(() => setPending(false));
        }}
      >
        Sign out and use the invited address
      </Button>
    </div>
  );
}

function SignInToAccept({ token, email }: { token: string; email: string }) {
  return (
    <div>
      <p className="text-sm leading-6 text-fg-muted">
        There is already a Callboard account for{' '}
        <strong className="font-medium text-fg">{email}</strong>. Sign in with it, then accept the
        invitation here.
      </p>
      <Link
        to={signInPath(`/join?token=${encodeURIComponent(token)}`)}
        className={cn(buttonClassName('primary'), 'mt-5 w-full')}
      >
        Sign in to accept
      </Link>
    </div>
  );
}

const signUpResolver = formResolver(joinSignUpBodySchema, {
  ...nameFieldsWording,
  password: { missing: 'Choose a password.' },
});

function SignUpForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const signUp = useJoinSignUp(token, () => void navigate(HOME, { replace: true }));
  const form = useForm({
    resolver: signUpResolver,
    defaultValues: { first_name: '', last_name: '', password: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const accountExists = isApiError(signUp.error) && signUp.error.status === 409;

  const onSubmit = form.handleSubmit((values) => {
    signUp.mutate(values, { onSuccess: () => void navigate(HOME, { replace: true }) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {signUp.isError ? (
        <RequestErrorAlert
          error={signUp.error}
          action={
            accountExists ? (
              <Link
                to={signInPath(`/join?token=${encodeURIComponent(token)}`)}
                className="font-medium underline underline-offset-2"
              >
                Sign in
              </Link>
            ) : null
          }
        />
      ) : null}
      <NameFields
        firstName={{ ...form.register('first_name'), error: errors.first_name?.message }}
        lastName={{ ...form.register('last_name'), error: errors.last_name?.message }}
      />
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
        Create account and join
      </Button>
    </form>
  );
}

function RoundIcon({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <span
      className={cn(
        'flex size-12 items-center justify-center rounded-full border shadow-xs',
        tone === 'danger'
          ? 'border-danger-border bg-danger-bg text-danger-fg'
          : 'border-border bg-surface text-accent-text',
      )}
    >
      {children}
    </span>
  );
}

/** For someone who has an account after all; `next` brings them back here once signed in. */
function SignInLink({ next }: { next?: string }) {
  return (
    <>
      Already have an account?{' '}
      <Link to={next ? signInPath(next) : '/auth'} className={cardLayoutLinkClassName}>
        Sign in
      </Link>
    </>
  );
}

function DashboardLink() {
  return (
    <Link to={HOME} className={`inline-flex items-center gap-1.5 ${cardLayoutLinkClassName}`}>
      <IconArrowLeft className="size-4" />
      Back to the dashboard
    </Link>
  );
}
