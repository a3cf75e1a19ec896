// The sign-in page as static markup, rendered at build time (scripts/prerender.ts) into
// dist/auth.html, so that a first visit paints the form before the app's code has arrived
// (docs/decisions/0039-sign-in-page-in-the-html.md).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';

export { LOAD_FAILED_ID, STATIC_PAGE_ID } from '../lib/static-page.ts';

export function renderSignIn(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/auth']}>
        <SignInScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The notice the static page shows when the app's code fails to arrive (lib/static-page-watch.ts):
 * then nothing will take the page over, and a sign-in held for it would wait forever.
 */
export function renderLoadFailed(): string {
  return renderToString(
    <Alert tone="error">
      Callboard could not load. Check your connection, then sign in again: the page will reload.
    </Alert>,
  );
}
