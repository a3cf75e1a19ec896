// The signed-in pages' global shortcuts (app/global-shortcuts.ts), and the two dialogs they open:
// the command palette and the shortcuts cheat sheet, each loaded the first time it is asked for.
import type { Me } from '@callboard/contract';
import { lazy, Suspense } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { CALL_SEARCH_SELECTOR, useShortcuts } from '../lib/shortcuts.ts';
import { GLOBAL_SHORTCUTS } from './global-shortcuts.ts';

const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((module) => ({ default: module.CommandPalette })),
);
const CheatSheet = lazy(() =>
  import('./cheat-sheet.tsx').then((module) => ({ default: module.CheatSheet })),
);

export type ShortcutDialog = 'palette' | 'cheat-sheet' | null;

/** How long `/` waits for the dashboard's search box after going there. */
const SEARCH_WAIT_MS = 10_000;
const SEARCH_POLL_MS = 50;
const DASHBOARD_PATH = '/dashboard';

/**
 * Focuses the call list's search box; from another page, goes to the dashboard first and focuses
 * the box once it is there, unless the user clicks or types something else meanwhile. The
 * address, not the page on screen, says where the user is: while a page change renders, the old
 * page (perhaps the dashboard's search box) is still on screen. Until then, or until the wait
 * ends, focus that falls back to the page (the box re-rendered while the list loaded) goes back
 * to the box.
 */
export function focusCallSearch(navigate: NavigateFunction): void {
  const find = () =>
    window.location.pathname === DASHBOARD_PATH
      ? document.querySelector<HTMLInputElement>(CALL_SEARCH_SELECTOR)
      : null;
  const focus = (input: HTMLInputElement) => {
    input.focus();
    input.select();
  };
  const present = find();
  if (present) {
    focus(present);
    return;
  }
  if (window.location.pathname !== DASHBOARD_PATH) void navigate(DASHBOARD_PATH);
  const started = Date.now();
  let focused = false;
  const poll = setInterval(() => {
    const input = find();
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (input && document.activeElement !== input && (!focused || lost)) {
      focus(input);
      focused = true;
    }
    if (Date.now() - started > SEARCH_WAIT_MS) stop();
  }, SEARCH_POLL_MS);
  function stop() {
    clearInterval(poll);
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('keydown', stop, true);
  }
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('keydown', stop, true);
}

export function KeyboardShortcuts({
  user,
  open,
  onOpenChange,
}: {
  user: Me;
  open: ShortcutDialog;
  onOpenChange: (open: ShortcutDialog) => void;
}) {
  const navigate = useNavigate();
  // Without an organisation there is no call list or analytics to go to.
  const withCalls = user.organisation !== null;
  useShortcuts([
    ...(withCalls
      ? [
          { keys: GLOBAL_SHORTCUTS.search.keys, run: () => focusCallSearch(navigate) },
          { keys: GLOBAL_SHORTCUTS.dashboard.keys, run: () => void navigate('/dashboard') },
          { keys: GLOBAL_SHORTCUTS.analytics.keys, run: () => void navigate('/analytics') },
        ]
      : []),
    { keys: GLOBAL_SHORTCUTS.cheatSheet.keys, run: () => onOpenChange('cheat-sheet') },
    { keys: GLOBAL_SHORTCUTS.palette.keys, run: () => onOpenChange('palette'), inFields: true },
  ]);
  const close = () => onOpenChange(null);
  return (
    <Suspense fallback={null}>
      {open === 'palette' ? (
        <CommandPalette
          user={user}
          onClose={close}
          onShowShortcuts={() => onOpenChange('cheat-sheet')}
        />
      ) : null}
      {open === 'cheat-sheet' ? <CheatSheet onClose={close} /> : null}
    </Suspense>
  );
}
