// The signed-in user's menu: who they are (name, email, organisation, role), the theme, sign out.
import type { Me } from '@callboard/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import {
  IconBuilding,
  IconChevronDown,
  IconLogOut,
  IconMonitor,
  IconMoon,
  IconSun,
  IconUser,
} from '../components/ui/icons.tsx';
import { displayName, initials, roleLabel } from '../lib/permissions.ts';
import { isTheme, useTheme, type Theme } from '../lib/theme.ts';

const THEME_OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <IconSun /> },
  { value: 'dark', label: 'Dark', icon: <IconMoon /> },
  { value: 'system', label: 'System', icon: <IconMonitor /> },
];

export function UserMenu({ user, onSignOut }: { user: Me; onSignOut: () => void }) {
  const [theme, setTheme] = useTheme();
  const name = displayName(user);
  return (
    // Not modal: the page stays as it is for assistive technology (nothing is hidden from it), and
    // the menu still closes on Escape, on a click outside and when focus leaves it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="group flex h-9 min-w-0 items-center gap-2 rounded-full p-0.5 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-surface-muted md:pr-2">
        <Avatar user={user} />
        {/* The name is the button's label: shown from md up, read out at every width. */}
        <span className="sr-only max-w-40 truncate text-sm font-medium text-fg md:not-sr-only md:block">
          {name}
        </span>
        <span className="sr-only">, account menu</span>
        <IconChevronDown className="hidden size-4 shrink-0 text-fg-subtle transition-transform group-data-[state=open]:rotate-180 md:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <div className="flex items-start gap-3 px-2.5 pt-2 pb-3">
          <Avatar user={user} large />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-fg">{name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
              <span className="flex min-w-0 items-center gap-1">
                <IconBuilding className="size-3.5 shrink-0 text-fg-subtle" />
                <span className="truncate">{user.organisation?.name ?? 'No organisation'}</span>
              </span>
              <Badge tone={user.isSuperAdmin || user.role === 'admin' ? 'info' : 'neutral'}>
                {roleLabel(user)}
              </Badge>
            </div>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-label="Theme"
          value={theme}
          onValueChange={(value) => {
            if (isTheme(value)) setTheme(value);
          }}
        >
          {THEME_OPTIONS.map((option) => (
            <DropdownMenuRadioItem
              key={option.value}
              value={option.value}
              // Keep the menu open: the new theme shows at once and another can be tried.
              onSelect={(event) => event.preventDefault()}
            >
              {option.icon}
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <IconUser />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <IconLogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Avatar({ user, large = false }: { user: Me; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={
        large
          ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text ring-1 ring-border'
          : 'flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text ring-1 ring-border'
      }
    >
      {initials(user)}
    </span>
  );
}
