// /test-sentry: lets a platform operator prove that errors reach Sentry, from the browser and from
// the server, each with the operator's identity attached.
import { raiseTestErrorRoute } from '@callboard/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { IconMonitor, IconServer } from '../../components/ui/icons.tsx';
import { callApi, isApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAuthSession } from '../../lib/session-provider.tsx';
import {
  getTelemetryStatus,
  subscribeToTelemetryStatus,
  type TelemetryStatus,
} from '../../lib/telemetry.ts';

/** Thrown on purpose while the page renders; the name makes it easy to find in Sentry. */
class BrowserTestError extends Error {
  override readonly name = 'CallboardBrowserTestError';
}

/** POST /api/v1/test-sentry: the server fails on purpose (500) for a platform operator. */
async function raiseServerError(): Promise<void> {
  await callApi(raiseTestErrorRoute);
}

function ServerOutcome({ mutation }: { mutation: ReturnType<typeof useServerError> }) {
  if (mutation.isSuccess) {
    return (
      <Alert tone="info" title="The server did not fail">
        It answered without an error, so nothing was reported. Is this the right deployment?
      </Alert>
    );
  }
  if (!mutation.isError) return null;
  const error = mutation.error;
  if (isApiError(error) && error.status === 500) {
    return (
      <Alert tone="success" title="The server raised its test error">
        It answered 500, as intended, and reported a <code>CallboardTestError</code> to Sentry with
        your identity.
      </Alert>
    );
  }
  return (
    <Alert tone="error" title="The server refused">
      {errorMessage(error)}
    </Alert>
  );
}

function useServerError() {
  // The page shows the outcome itself: no toast.
  return useMutation({ mutationFn: raiseServerError, meta: { errorToast: false } });
}

function ReportingStatus({ status }: { status: TelemetryStatus }) {
  if (status.state === 'starting') return <Badge>Checking…</Badge>;
  if (status.errorReporting) return <Badge tone="success">On</Badge>;
  return <Badge tone="warning">Off</Badge>;
}

function TestCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-muted text-fg-muted [&>svg]:size-4">
          {icon}
        </span>
        <h2 className="text-base font-semibold text-fg">{title}</h2>
      </div>
      <div className="mt-3 flex-1 space-y-3 text-sm leading-6 text-fg-muted">{children}</div>
      <div className="mt-5">{action}</div>
    </Card>
  );
}

export function Component() {
  const session = useAuthSession();
  const status = useSyncExternalStore(subscribeToTelemetryStatus, getTelemetryStatus);
  const [crash, setCrash] = useState(false);
  const serverError = useServerError();

  if (crash) {
    throw new BrowserTestError(
      `Test error raised in the browser from /test-sentry (${new Date().toISOString()})`,
    );
  }
  if (!session) return null;
  const operator = session.user.isSuperAdmin;
  const sentry = status.state === 'ready' ? status.config?.sentry : null;

  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Error reporting test · Callboard</title>
      <h1 className="text-xl font-semibold tracking-tight text-fg">Error reporting test</h1>
      <p className="mt-1 max-w-2xl text-sm leading-6 text-fg-muted">
        Raise an error on purpose to check that errors reach Sentry, with who it happened to.
      </p>

      <Card className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-4 text-sm sm:px-6">
        <span className="font-medium text-fg">Error reporting in this browser</span>
        <ReportingStatus status={status} />
        <span className="basis-full text-fg-muted sm:basis-auto">
          {status.state === 'starting'
            ? 'Loading the configuration…'
            : sentry
              ? `Environment ${sentry.environment}, release ${sentry.release}.`
              : 'The server has no SENTRY_DSN, so nothing is sent.'}
        </span>
      </Card>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <TestCard
          icon={<IconMonitor />}
          title="Browser error"
          action={
            <Button variant="secondary" onClick={() => setCrash(true)}>
              Raise a browser error
            </Button>
          }
        >
          <p>
            Throws an error while this page renders. You will see the ‘Unexpected Application
            Error!’ screen; the error goes to Sentry with your identity.
          </p>
        </TestCard>

        <TestCard
          icon={<IconServer />}
          title="Server error"
          action={
            <Button
              variant="secondary"
              onClick={() => serverError.mutate()}
              pending={serverError.isPending}
              pendingLabel="Raising…"
            >
              Raise a server error
            </Button>
          }
        >
          <p>
            Asks the server to fail on purpose. The server reports the error to Sentry with your
            identity and answers 500.
          </p>
          <p>
            {operator
              ? 'You are a platform operator, so the server will do it.'
              : 'Only platform operators may do this; the server will refuse anyone else.'}
          </p>
          <ServerOutcome mutation={serverError} />
        </TestCard>
      </div>
    </main>
  );
}
