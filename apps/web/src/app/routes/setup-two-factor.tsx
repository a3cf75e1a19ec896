// /setup-two-factor: where a member whose organisation requires two-factor sign-in is sent until
// they have set it up (docs/security.md, "Two-factor sign-in"). Until then the API answers only
// their own profile's questions, so this page stands outside the signed-in layout.
import { useNavigate } from 'react-router';
import { CenteredCardLayout } from '../../components/ui/centered-card-layout.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { TwoFactorEnrolment } from '../../features/profile/components/two-factor-enrolment.tsx';
import { homePath } from '../../lib/permissions.ts';
import { useAuthSession } from '../../lib/session-provider.tsx';

export function Component() {
  const session = useAuthSession();
  const navigate = useNavigate();
  if (!session) return null;
  const { user } = session;
  return (
    <CenteredCardLayout
      pageTitle="Set up two-factor sign-in"
      heading="Set up two-factor sign-in"
      description={`${user.organisation?.name ?? 'Your organisation'} asks everyone to sign in with a code from their phone as well as their password.`}
      footer={<SignOutButton variant="ghost" />}
    >
      <TwoFactorEnrolment
        email={user.email}
        onDone={() => void navigate(homePath(user), { replace: true })}
      />
    </CenteredCardLayout>
  );
}
