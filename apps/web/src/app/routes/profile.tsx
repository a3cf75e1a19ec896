// /profile: the signed-in user's name and password.
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';
import { useAuthSession } from '../../lib/session-provider.tsx';

export function Component() {
  const session = useAuthSession();
  if (!session) return null;
  return <ProfileScreen user={session.user} />;
}
