import { useEffect, useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { IconAlertCircle, IconRefresh } from '../components/ui/icons.tsx';
import { cn } from '../lib/cn.ts';
import { handOverStaticPage } from '../lib/static-page.ts';
import { reportError } from '../lib/telemetry.ts';
import { isPageLoadError } from './lazy-page.ts';

/** The heading for unhandled routing errors (docs/product.md, "Error messages"). */
export const UNEXPECTED_ERROR_HEADING = 'Unexpected Application Error!';
export const PAGE_LOAD_ERROR_HEADING = 'This page didn’t load';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
}

/**
 * The error screen. `fullScreen` for the root boundary (nothing else of the app is shown); otherwise
 * it fills the page area under the header, whose navigation stays usable. Links are plain and
 * retries reload: the app's own state may be what broke.
 */
function ErrorScreen({ fullScreen }: { fullScreen: boolean }) {
  const error = useRouteError();
  const pageLoad = isPageLoadError(error);
  // An error before the first page: it replaces the static sign-in page too.
  useLayoutEffect(handOverStaticPage, []);

  // Errors caught here never reach the browser's error handlers: report them from here.
  useEffect(() => {
    if (!isRouteErrorResponse(error))
      reportError(error, { boundary: fullScreen ? 'root' : 'page' });
  }, [error, fullScreen]);

  const detail = import.meta.env.DEV ? describe(error) : null;
  return (
    <main
      className={cn(
        'flex items-center justify-center px-4 py-12',
        fullScreen ? 'min-h-dvh' : 'min-h-[calc(100dvh-10rem)]',
      )}
    >
      <title>{`${pageLoad ? 'Page didn’t load' : 'Something went wrong'} · Callboard`}</title>
      <div className="w-full max-w-md text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-danger-border bg-danger-bg text-danger-fg">
          {pageLoad ? <IconRefresh className="size-5" /> : <IconAlertCircle className="size-5" />}
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-balance text-fg">
          {pageLoad ? PAGE_LOAD_ERROR_HEADING : UNEXPECTED_ERROR_HEADING}
        </h1>
        <p className="mt-2 text-sm leading-6 text-pretty text-fg-muted">
          {pageLoad
            ? 'Part of Callboard couldn’t be downloaded. Check your connection and try again — if Callboard was just updated, trying again picks up the new version.'
            : 'Something went wrong while showing this page. Reloading usually fixes it; if it keeps happening, go back to the start.'}
        </p>
        {detail ? (
          <pre className="mt-6 overflow-x-auto rounded-lg border border-border bg-surface-muted p-3 text-left text-xs whitespace-pre-wrap text-fg-muted">
            {detail}
          </pre>
        ) : null}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <a href="/" className={buttonClassName('secondary')}>
            Go to the start
          </a>
          <Button onClick={() => window.location.reload()}>
            {pageLoad ? 'Try again' : 'Reload page'}
          </Button>
        </div>
      </div>
    </main>
  );
}

/** The root error boundary: replaces the whole app. */
export function RootError() {
  return <ErrorScreen fullScreen />;
}

/** The boundary of the signed-in pages: replaces the page, keeps the header. */
export function PageError() {
  return <ErrorScreen fullScreen={false} />;
}
