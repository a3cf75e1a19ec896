// The profile's "Sessions": every browser signed in as this user, this one first, with a sign-out
// for each of the others and for all of them at once (docs/security.md, "Sessions").
import type { OwnSession } from '@callboard/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import {
  IconLogOut,
  IconMonitor,
  IconSmartphone,
  IconTablet,
} from '../../../components/ui/icons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate, formatFullDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { useEndOtherSessions, useEndSession, useOwnSessions } from '../api/profile-api.ts';

const UNKNOWN_DEVICE = 'Unknown browser';

export function SessionsSection() {
  const sessions = useOwnSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);

  if (sessions.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading your sessions">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <LoadError
        title="Your sessions could not be loaded"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isRefetching}
        headingLevel="h3"
      />
    );
  }

  const others = sessions.data.filter((session) => !session.current);
  const ending = endOne.isPending ? endOne.variables : null;

  function end(session: OwnSession) {
    endOne.mutate(session.id, {
      onSuccess: () =>
        showToast({
          tone: 'success',
          title: 'Session signed out',
          description: `${session.device ?? UNKNOWN_DEVICE} can no longer use your account.`,
        }),
    });
  }

  return (
    <div className="space-y-4">
      {endOne.isError ? <RequestErrorAlert error={endOne.error} /> : null}
      <ul className="divide-y divide-border rounded-md border border-border" aria-label="Sessions">
        {sessions.data.map((session) => (
          <li key={session.id} className="flex items-center gap-3 px-4 py-3">
            <DeviceIcon type={session.device_type} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-fg">
                <span className="wrap-break-word">{session.device ?? UNKNOWN_DEVICE}</span>
                {session.current ? <Badge tone="success">This browser</Badge> : null}
              </p>
              {/* Each part stays whole; the line breaks between them on a narrow screen. */}
              <p className="mt-0.5 text-[13px] leading-5 text-fg-muted">
                {session.ip_address ? (
                  <>
                    <span className="whitespace-nowrap">{session.ip_address}</span> ·{' '}
                  </>
                ) : null}
                <span className="whitespace-nowrap">
                  {session.current ? (
                    'Active now'
                  ) : (
                    <>
                      Active{' '}
                      <time
                        dateTime={session.last_active_at}
                        title={formatFullDateTime(session.last_active_at)}
                      >
                        {formatRelativeTime(session.last_active_at)}
                      </time>
                    </>
                  )}
                </span>{' '}
                ·{' '}
                <span className="whitespace-nowrap">
                  Signed in{' '}
                  <time
                    dateTime={session.created_at}
                    title={formatFullDateTime(session.created_at)}
                  >
                    {formatDate(session.created_at)}
                  </time>
                </span>
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Sign out ${session.device ?? UNKNOWN_DEVICE}, signed in ${formatDate(session.created_at)}`}
                pending={ending === session.id}
                pendingLabel="Signing out…"
                disabled={endOthers.isPending || (ending !== null && ending !== session.id)}
                onClick={() => end(session)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-[13px] leading-5 text-fg-muted">
            Don’t recognise one? Sign it out, then change your password.
          </p>
          <Button
            variant="secondary"
            disabled={endOne.isPending}
            onClick={() => {
              endOthers.reset();
              setConfirming(true);
            }}
          >
            <IconLogOut />
            Sign out everywhere else
          </Button>
        </div>
      ) : (
        <p className="text-[13px] leading-5 text-fg-muted">
          You are signed in on this browser only.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out other sessions"
        pendingLabel="Signing out…"
        pending={endOthers.isPending}
        error={endOthers.isError ? errorMessage(endOthers.error) : null}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => {
              setConfirming(false);
              showToast({
                tone: 'success',
                title:
                  ended === 1 ? '1 other session signed out' : `${ended} other sessions signed out`,
                description: 'This browser stays signed in.',
              });
            },
          })
        }
      >
        <p>
          {others.length === 1
            ? 'The other browser signed in as you'
            : `The ${others.length} other browsers signed in as you`}{' '}
          will have to sign in again. This browser stays signed in.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The device's kind at a glance: a phone, a tablet, or a computer (also when unknown). */
function DeviceIcon({ type }: { type: OwnSession['device_type'] }) {
  const Icon = type === 'mobile' ? IconSmartphone : type === 'tablet' ? IconTablet : IconMonitor;
  return <Icon className="size-5 shrink-0 text-fg-muted" />;
}
