// A placeholder until the calls feature brings the real dashboard (the call list).
import { Card } from '../../components/ui/card.tsx';
import { Wordmark } from '../../components/ui/logo.tsx';
import { ThemeSwitcher } from '../../components/ui/theme-switcher.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useAuthSession } from '../../lib/session-provider.tsx';

export function Component() {
  const session = useAuthSession();
  if (!session) return null; // signing out: the redirect to /auth is on its way
  const { user } = session;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const organisation = user.organisation?.name ?? 'No organisation';

  return (
    <div className="min-h-dvh">
      <title>Dashboard · Callboard</title>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Wordmark />
          <div className="flex items-center gap-2 sm:gap-3">
            <ThemeSwitcher className="hidden min-[400px]:inline-flex" />
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-xl font-semibold tracking-tight text-fg">Dashboard</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Signed in as {name} · {organisation}
        </p>
        <Card className="mt-8 px-6 py-14 text-center">
          <p className="text-sm font-medium text-fg">Your organisation's calls will appear here.</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-pretty text-fg-muted">
            The call log is being built. You're signed in and your session renews itself while this
            tab is open.
          </p>
        </Card>
      </main>
    </div>
  );
}
