// The sign-in page as static markup, rendered at build time (scripts/prerender.ts) into
// dist/auth.html, so that a first visit paints the form before the app's code has arrived
// (docs/decisions/0039-sign-in-page-in-the-html.md).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';

export { STATIC_PAGE_ID } from '../lib/static-page.ts';

export function renderSignIn(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/auth']}>
        <SignInScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
