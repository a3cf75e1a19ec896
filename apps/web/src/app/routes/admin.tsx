// /admin: the organisation's admin area and, for super-admins, the platform console.
import { AdminScreen } from '../../features/admin/components/admin-screen.tsx';
import { useAuthSession } from '../../lib/session-provider.tsx';

export function Component() {
  const session = useAuthSession();
  if (!session) return null;
  return <AdminScreen user={session.user} />;
}
