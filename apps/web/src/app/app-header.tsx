// The bar over every signed-in page: the product, the main navigation, the organisation, the user
// menu (profile, theme, sign out) and the notifications bell. From md up it is one row; on phones the navigation moves to a
// second row of its own so every destination stays one tap away. Its height, which changes with
// that, is published as --app-header-height, for what sticks below it (the call list's header).
import type { Me } from '@callboard/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { IconBuilding, IconLogOut, IconSearch } from '../components/ui/icons.tsx';
import { Wordmark } from '../components/ui/logo.tsx';
import { Tooltip } from '../components/ui/tooltip.tsx';
import { useSignOut } from '../features/auth/hooks/use-sign-out.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { cn } from '../lib/cn.ts';
import { canOpenAdmin, homePath } from '../lib/permissions.ts';
import { isApplePlatform } from '../lib/shortcuts.ts';
import { LiveStatus } from './live-status.tsx';
import { UserMenu } from './user-menu.tsx';

interface NavItem {
  to: string;
  label: string;
  /** Paths that belong to this section (a call page is part of the dashboard). */
  section: readonly string[];
  adminOnly?: boolean;
  /** About an organisation's calls: not shown to a platform operator outside any organisation. */
  calls?: boolean;
}

const NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', section: ['/dashboard', '/call/'], calls: true },
  { to: '/analytics', label: 'Analytics', section: ['/analytics'], calls: true },
  { to: '/admin', label: 'Admin', section: ['/admin'], adminOnly: true },
];

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * Keeps --app-header-height on the document equal to the header's height. styles.css sets the
 * usual heights; the value is written only when it differs, since any write to <html>'s style
 * restyles every element on the page.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = `${node.offsetHeight}px`;
      // Read after layout, as resize observers run: computed styles are up to date and cheap.
      if (getComputedStyle(root).getPropertyValue('--app-header-height').trim() === height) return;
      root.style.setProperty('--app-header-height', height);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, [ref]);
}

export function AppHeader({ user, onOpenPalette }: { user: Me; onOpenPalette: () => void }) {
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeight(headerRef);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const home = homePath(user);
  const platformOnly = home !== '/dashboard';
  const items = NAV.filter(
    (item) => (!item.adminOnly || canOpenAdmin(user)) && !(item.calls && platformOnly),
  ).map((item) =>
    platformOnly && item.to === '/admin' ? { ...item, label: 'Platform console' } : item,
  );
  const organisation = user.organisation?.name ?? 'No organisation';

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur-sm supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 sm:px-6 md:flex-nowrap md:gap-x-3">
        <Link
          to={home}
          className={cn('order-1 flex h-14 shrink-0 items-center rounded-lg', focusRing)}
        >
          <Wordmark />
        </Link>

        <nav
          aria-label="Main"
          className="order-3 -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-border px-4 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-6 md:order-2 md:mx-0 md:ml-4 md:w-auto md:overflow-visible md:border-0 md:px-0"
        >
          <ul className="flex items-center gap-1 py-1.5 md:py-0">
            {items.map((item) => {
              const current = item.section.some((prefix) => pathname.startsWith(prefix));
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      focusRing,
                      current
                        ? 'bg-surface-muted text-fg ring-1 ring-border'
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

        <div className="order-2 ml-auto flex h-14 min-w-0 items-center gap-1.5 sm:gap-2 md:order-3">
          <LiveStatus />
          {/* The palette for mouse and touch; Ctrl+K (⌘K) opens it from the keyboard. */}
          <button
            type="button"
            onClick={onOpenPalette}
            aria-keyshortcuts={isApplePlatform() ? 'Meta+K' : 'Control+K'}
            className={cn(
              'inline-flex size-9 items-center justify-center gap-2 rounded-lg text-sm text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg lg:w-auto lg:justify-start lg:border lg:border-border lg:bg-surface lg:pr-1.5 lg:pl-2.5 lg:shadow-xs',
              focusRing,
            )}
          >
            <IconSearch className="size-4 shrink-0" />
            <span className="sr-only lg:not-sr-only">Go to…</span>
            <span className="sr-only">, command palette</span>
            <kbd
              aria-hidden="true"
              className="hidden rounded border border-border bg-surface-muted px-1.5 py-0.5 font-sans text-[0.6875rem] text-fg-muted lg:inline"
            >
              {isApplePlatform() ? '⌘K' : 'Ctrl K'}
            </kbd>
          </button>
          <p
            className="hidden min-w-0 items-center gap-1.5 pr-1 text-sm text-fg-muted lg:flex"
            title={organisation}
          >
            <IconBuilding className="size-4 shrink-0 text-fg-subtle" />
            <span className="max-w-56 truncate">{organisation}</span>
          </p>
          {/* Notifications are about an organisation's calls: none without one. */}
          {user.organisation ? <NotificationBell /> : null}
          <UserMenu user={user} onSignOut={() => void signOut()} />
          <Tooltip content="Sign out">
            <button
              type="button"
              aria-label="Sign out"
              onClick={() => void signOut()}
              className={cn(
                'hidden size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg sm:inline-flex',
                focusRing,
              )}
            >
              <IconLogOut className="size-4" />
            </button>
          </Tooltip>
        </div>
      </div>
    </header>
  );
}
