// The bar over every signed-in page. A later issue grows it into the full shell (Analytics and
// Admin in the nav, a user menu); for now: the product, the call list, the organisation, sign out.
import type { Me } from '@callboard/contract';
import { Link, useLocation } from 'react-router';
import { IconBuilding } from '../components/ui/icons.tsx';
import { Wordmark } from '../components/ui/logo.tsx';
import { ThemeSwitcher } from '../components/ui/theme-switcher.tsx';
import { SignOutButton } from '../features/auth/components/sign-out-button.tsx';
import { cn } from '../lib/cn.ts';

const NAV = [{ to: '/dashboard', label: 'Dashboard', section: ['/dashboard', '/call/'] }] as const;

export function AppHeader({ user }: { user: Me }) {
  const { pathname } = useLocation();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Link
          to="/dashboard"
          className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <Wordmark />
        </Link>
        <nav aria-label="Main" className="ml-1 sm:ml-4">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => {
              const current = item.section.some((prefix) => pathname.startsWith(prefix));
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-8 items-center rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                      current
                        ? 'bg-surface-muted text-fg'
                        : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <p
            className="hidden min-w-0 items-center gap-1.5 text-sm text-fg-muted md:flex"
            title={`Signed in as ${name} (${user.email})`}
          >
            <IconBuilding className="size-4 shrink-0 text-fg-subtle" />
            <span className="truncate">{user.organisation?.name ?? 'No organisation'}</span>
          </p>
          <div className="hidden sm:block">
            <ThemeSwitcher />
          </div>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
