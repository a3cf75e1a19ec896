// The layout of the signed-in pages: a skip link, the header, then the page; the tab's live
// updates (app/live-dispatch.ts); the keyboard shortcuts and command palette
// (app/keyboard-shortcuts.tsx).
import { useState, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { useAuthSession } from '../../lib/session-provider.tsx';
import { AppHeader } from '../app-header.tsx';
import { KeyboardShortcuts, type ShortcutDialog } from '../keyboard-shortcuts.tsx';
import { useLiveUpdates } from '../live-dispatch.ts';

const CONTENT_ID = 'content';

/** Keyboard users jump over the header to the page. Focus moves without touching the URL. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(CONTENT_ID);
  if (!target) return;
  event.preventDefault();
  // focus() also scrolls the target into view.
  target.focus();
}

export function Component() {
  const session = useAuthSession();
  const [dialog, setDialog] = useState<ShortcutDialog>(null);
  const organisationId = session?.user.organisation?.id ?? null;
  // One live connection per tab, while the user belongs to an organisation (the stream is its).
  useLiveUpdates(session && organisationId ? `${session.user.id}:${organisationId}` : null);
  if (!session) return null; // signing out: the redirect to /auth is on its way
  // Tooltips live on the signed-in pages; their provider (and Radix Tooltip) loads with them,
  // keeping it out of a signed-out visitor's first download.
  return (
    <TooltipProvider>
      <div className="min-h-dvh">
        <a
          href={`#${CONTENT_ID}`}
          onClick={skipToContent}
          className="fixed top-2 left-2 z-50 -translate-y-24 rounded-lg bg-surface px-4 py-2.5 text-sm font-medium text-fg ring-1 ring-border transition-transform focus:translate-y-0 focus:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Skip to main content
        </a>
        <AppHeader user={session.user} onOpenPalette={() => setDialog('palette')} />
        <div id={CONTENT_ID} tabIndex={-1} className="scroll-mt-28 focus:outline-none">
          <Outlet />
        </div>
        <KeyboardShortcuts user={session.user} open={dialog} onOpenChange={setDialog} />
      </div>
    </TooltipProvider>
  );
}
