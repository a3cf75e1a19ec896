// The layout of the signed-in pages: the header, then the page.
import { Outlet } from 'react-router';
import { useAuthSession } from '../../lib/session-provider.tsx';
import { AppHeader } from '../app-header.tsx';

export function Component() {
  const session = useAuthSession();
  if (!session) return null; // signing out: the redirect to /auth is on its way
  return (
    <div className="min-h-dvh">
      <AppHeader user={session.user} />
      <Outlet />
    </div>
  );
}
