import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { IconAlertCircle } from '../components/ui/icons.tsx';

/** The spec's heading for unhandled routing errors (product-spec §2, §8). */
export const UNEXPECTED_ERROR_HEADING = 'Unexpected Application Error!';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
}

/** The root error boundary. Plain links and reloads: the app's own state may be what broke. */
export function RootError() {
  const error = useRouteError();
  const detail = import.meta.env.DEV ? describe(error) : null;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <title>Something went wrong · Callboard</title>
      <div className="w-full max-w-md text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-danger-border bg-danger-bg text-danger-fg">
          <IconAlertCircle className="size-5" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-fg">
          {UNEXPECTED_ERROR_HEADING}
        </h1>
        <p className="mt-2 text-sm leading-6 text-fg-muted">
          Something went wrong while showing this page. Reloading usually fixes it; if it keeps
          happening, go back to the start.
        </p>
        {detail ? (
          <pre className="mt-6 overflow-x-auto rounded-lg border border-border bg-surface-muted p-3 text-left text-xs text-fg-muted">
            {detail}
          </pre>
        ) : null}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <a href="/" className={buttonClassName('secondary')}>
            Go to the start
          </a>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
        </div>
      </div>
    </main>
  );
}
