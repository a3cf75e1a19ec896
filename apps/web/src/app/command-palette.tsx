// The command palette (Ctrl+K, ⌘K on a Mac, or the header's search button): go to a call by its
// id, to a page or to one of the list's built-in views, assign the open call, change the theme,
// sign out. Loaded on first use, so that no page pays for it up front.
import { DEFAULT_VIEWS, type Me, type Member } from '@callboard/contract';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useState, type ReactNode } from 'react';
import { useMatch, useNavigate } from 'react-router';
import {
  IconBuilding,
  IconChart,
  IconInbox,
  IconKeyboard,
  IconList,
  IconLogOut,
  IconMonitor,
  IconMoon,
  IconPhone,
  IconSearch,
  IconSun,
  IconUser,
  IconUserMinus,
} from '../components/ui/icons.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { showToast } from '../components/ui/toast-store.ts';
import { useSignOut } from '../features/auth/hooks/use-sign-out.ts';
import { useAssignCall } from '../features/calls/api/assign-call.ts';
import { callConflict } from '../features/calls/api/call-conflict.ts';
import { callQueryOptions } from '../features/calls/api/get-call.ts';
import { isApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useMembers } from '../lib/organisation-directory.ts';
import { canOpenAdmin, displayName } from '../lib/permissions.ts';
import { resolveTheme, useTheme } from '../lib/theme.ts';

/** The list's built-in views, as links into its URL (docs/search.md, "Saved views"). */
export const DEFAULT_VIEW_LINKS = DEFAULT_VIEWS.map((view) => ({
  name: view.name,
  href: `/dashboard?${view.query}`,
}));

/** The API's limit on a call id (packages/contract/src/routes/calls.ts). */
const CALL_ID_MAX_LENGTH = 200;

export const NO_SUCH_CALL = 'No call with that id';

type Lookup =
  { id: string; state: 'pending' } | { id: string; state: 'failed'; message: string } | null;

export interface CommandPaletteProps {
  user: Me;
  onClose: () => void;
  onShowShortcuts: () => void;
}

export function CommandPalette({ user, onClose, onShowShortcuts }: CommandPaletteProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [theme, setTheme] = useTheme();
  const [search, setSearch] = useState('');
  const [lookup, setLookup] = useState<Lookup>(null);
  const callMatch = useMatch('/call/:callId');
  const hasOrganisation = user.organisation !== null;
  const callId = hasOrganisation ? (callMatch?.params.callId ?? null) : null;
  const typedId = search.trim();

  function go(to: string) {
    onClose();
    void navigate(to);
  }

  async function openCall(id: string) {
    if (id.length > CALL_ID_MAX_LENGTH) {
      setLookup({ id, state: 'failed', message: NO_SUCH_CALL });
      return;
    }
    setLookup({ id, state: 'pending' });
    try {
      // Cached, the call page then opens at once.
      await queryClient.query({ ...callQueryOptions(id), meta: { errorToast: false } });
      go(`/call/${encodeURIComponent(id)}`);
    } catch (error) {
      // Another organisation's call is, for this user, no call at all.
      const missing = isApiError(error) && (error.status === 404 || error.status === 403);
      setLookup({ id, state: 'failed', message: missing ? NO_SUCH_CALL : errorMessage(error) });
    }
  }

  const systemDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  const dark = resolveTheme(theme, systemDark) === 'dark';

  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 data-[state=open]:animate-[appear_150ms_ease-out] dark:bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-x-3 top-3 z-50 mx-auto flex max-h-[calc(100dvh-1.5rem)] max-w-xl flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-xl focus:outline-none data-[state=open]:animate-[appear_150ms_ease-out] sm:top-[12vh] sm:max-h-[70vh]"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <Command
            label="Commands"
            loop
            className="flex min-h-0 flex-1 flex-col"
            onKeyDown={(event) => {
              // The shortcut that opened the palette also closes it.
              if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
                event.preventDefault();
                onClose();
              }
            }}
          >
            <div className="relative shrink-0 border-b border-border">
              <IconSearch className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-fg-subtle" />
              <Command.Input
                value={search}
                onValueChange={(value) => {
                  setSearch(value);
                  setLookup(null);
                }}
                placeholder="Type a command or a call ID…"
                maxLength={CALL_ID_MAX_LENGTH + 50}
                className="h-12 w-full bg-transparent pr-4 pl-11 text-base text-fg placeholder:text-fg-subtle focus:outline-none"
              />
            </div>
            {lookup?.state === 'failed' ? (
              <p
                role="alert"
                className="shrink-0 border-b border-border bg-danger-bg px-4 py-2.5 text-sm text-danger-fg"
              >
                {lookup.message}
                {lookup.message === NO_SUCH_CALL ? (
                  <span className="text-danger-fg/80">
                    {' '}
                    (“<span className="break-all">{lookup.id}</span>”)
                  </span>
                ) : null}
              </p>
            ) : null}
            <Command.List
              label="Commands"
              className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2"
            >
              <Command.Group heading="Go to" className={groupClassName}>
                {hasOrganisation ? (
                  <>
                    <PaletteItem icon={<IconInbox />} onSelect={() => go('/dashboard')}>
                      Dashboard
                    </PaletteItem>
                    <PaletteItem icon={<IconChart />} onSelect={() => go('/analytics')}>
                      Analytics
                    </PaletteItem>
                  </>
                ) : null}
                {canOpenAdmin(user) ? (
                  <PaletteItem
                    icon={<IconBuilding />}
                    keywords={['admin area', 'platform console', 'members', 'invitations']}
                    onSelect={() => go('/admin')}
                  >
                    {hasOrganisation ? 'Admin' : 'Platform console'}
                  </PaletteItem>
                ) : null}
                <PaletteItem
                  icon={<IconUser />}
                  keywords={['password', 'name']}
                  onSelect={() => go('/profile')}
                >
                  Profile
                </PaletteItem>
              </Command.Group>
              {hasOrganisation ? (
                <Command.Group heading="Views" className={groupClassName}>
                  {DEFAULT_VIEW_LINKS.map((view) => (
                    <PaletteItem
                      key={view.name}
                      icon={<IconList />}
                      keywords={['view', 'list', 'calls']}
                      onSelect={() => go(view.href)}
                    >
                      {view.name}
                    </PaletteItem>
                  ))}
                </Command.Group>
              ) : null}
              {callId ? <AssignItems callId={callId} userId={user.id} onDone={onClose} /> : null}
              <Command.Group heading="Theme" className={groupClassName}>
                <PaletteItem
                  icon={dark ? <IconSun /> : <IconMoon />}
                  keywords={['theme', 'toggle', 'appearance', 'mode']}
                  onSelect={() => {
                    setTheme(dark ? 'light' : 'dark');
                    onClose();
                  }}
                >
                  {dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
                </PaletteItem>
                {theme === 'system' ? null : (
                  <PaletteItem
                    icon={<IconMonitor />}
                    keywords={['theme', 'appearance', 'mode']}
                    onSelect={() => {
                      setTheme('system');
                      onClose();
                    }}
                  >
                    Use the system’s theme
                  </PaletteItem>
                )}
              </Command.Group>
              <Command.Group heading="Help and account" className={groupClassName}>
                <PaletteItem
                  icon={<IconKeyboard />}
                  keywords={['help', 'keys', 'shortcuts', 'cheat sheet']}
                  onSelect={onShowShortcuts}
                >
                  Keyboard shortcuts
                </PaletteItem>
                <PaletteItem
                  icon={<IconLogOut />}
                  keywords={['log out', 'logout', 'exit']}
                  onSelect={() => {
                    onClose();
                    void signOut();
                  }}
                >
                  Sign out
                </PaletteItem>
              </Command.Group>
              {typedId && hasOrganisation ? (
                <Command.Group heading="Call" forceMount className={groupClassName}>
                  {/* Always offered while something is typed (any text may be a call's id), after
                      the commands it matches: its value matches no search. */}
                  <Command.Item
                    value="open-call"
                    forceMount
                    onSelect={() => void openCall(typedId)}
                    className={itemClassName}
                  >
                    <ItemIcon>{lookup?.state === 'pending' ? <Spinner /> : <IconPhone />}</ItemIcon>
                    <span className="min-w-0 flex-1 truncate">
                      Go to call <span className="font-mono text-[0.8125rem]">{typedId}</span>
                    </span>
                    <span aria-hidden="true">
                      <Hint>Enter</Hint>
                    </span>
                  </Command.Item>
                </Command.Group>
              ) : null}
              {typedId && hasOrganisation ? null : (
                <Command.Empty className="px-3 py-6 text-center text-sm text-fg-muted">
                  No matching commands
                </Command.Empty>
              )}
            </Command.List>
            <p
              aria-hidden="true"
              className="hidden shrink-0 items-center gap-4 border-t border-border px-4 py-2 text-xs text-fg-muted sm:flex"
            >
              <span>
                <Hint>↑</Hint> <Hint>↓</Hint> to move
              </span>
              <span>
                <Hint>Enter</Hint> to choose
              </span>
              <span>
                <Hint>Esc</Hint> to close
              </span>
            </p>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** "Assign to …" for the call on screen, with the version the user is looking at. */
function AssignItems({
  callId,
  userId,
  onDone,
}: {
  callId: string;
  userId: string;
  onDone: () => void;
}) {
  // The call page has the call; the palette only reads it.
  const call = useQuery({ ...callQueryOptions(callId), enabled: false });
  const members = useMembers();
  const assign = useAssignCall(callId);
  if (!call.data || !members.data) return null;
  const current = call.data.assignee_id;

  function choose(member: Member | null) {
    onDone();
    const name = member ? displayName(member) : null;
    assign.mutateAsync(member).then(
      () =>
        showToast({
          tone: 'success',
          title: name ? `Assigned to ${name}` : 'Unassigned',
        }),
      (error: unknown) => {
        // Other failures are reported by the app's one handler (lib/request-errors.ts).
        if (callConflict(error)) {
          showToast({
            tone: 'error',
            title: 'Not assigned: the call changed',
            description: 'Someone else changed it since you opened it. It now shows their change.',
          });
        }
      },
    );
  }

  const others = members.data.filter((member) => member.id !== current);
  return (
    <Command.Group heading="This call" className={groupClassName}>
      {others.map((member) => (
        <PaletteItem
          key={member.id}
          icon={<IconUser />}
          keywords={['assign', member.email]}
          onSelect={() => choose(member)}
        >
          Assign to {displayName(member)}
          {member.id === userId ? ' (you)' : ''}
        </PaletteItem>
      ))}
      {current ? (
        <PaletteItem
          icon={<IconUserMinus />}
          keywords={['assign', 'unassign', 'nobody']}
          onSelect={() => choose(null)}
        >
          Unassign
        </PaletteItem>
      ) : null}
    </Command.Group>
  );
}

const groupClassName =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-fg-muted';

const itemClassName =
  'flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm text-fg data-[selected=true]:bg-surface-muted data-[selected=true]:ring-1 data-[selected=true]:ring-border';

function PaletteItem({
  icon,
  keywords,
  onSelect,
  children,
}: {
  icon: ReactNode;
  keywords?: string[];
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item keywords={keywords} onSelect={onSelect} className={itemClassName}>
      <ItemIcon>{icon}</ItemIcon>
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </Command.Item>
  );
}

function ItemIcon({ children }: { children: ReactNode }) {
  return (
    <span className="flex size-5 shrink-0 items-center justify-center text-fg-subtle">
      {children}
    </span>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-sans text-[0.6875rem] text-fg-muted">
      {children}
    </kbd>
  );
}
