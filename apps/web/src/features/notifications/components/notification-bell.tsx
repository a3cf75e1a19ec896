// The header's bell: how many notifications are unread, and a list of the newest (a call assigned
// to you, a mention in a note). Choosing one marks it read and opens its call. The list refreshes
// when the live stream says a notification arrived (it invalidates ['notifications']), and every
// minute without one (docs/live-updates.md, "Notifications").
import type { Notification } from '@callboard/contract';
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  IconAlertCircle,
  IconAtSign,
  IconBell,
  IconCheckCheck,
  IconRefresh,
  IconUser,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatFullDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read.ts';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** "Mia Okafor assigned you a call", "Leo Marsh mentioned you in a note". */
export function notificationText(notification: Pick<Notification, 'kind' | 'actor'>): string {
  const who = notification.actor
    ? `${notification.actor.first_name} ${notification.actor.last_name}`.trim() || 'A colleague'
    : 'Someone';
  return notification.kind === 'assigned'
    ? `${who} assigned you a call`
    : `${who} mentioned you in a note`;
}

/** The bell's accessible name: "Notifications", or "Notifications, 2 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications({ enabled });
  const unread = notifications.data?.unread ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(unread)}
        className={cn(
          'relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg aria-expanded:bg-surface-muted aria-expanded:text-fg',
          focusRing,
        )}
      >
        <IconBell className="size-[18px]" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-semibold text-accent-fg tabular-nums ring-2 ring-surface"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/10 dark:shadow-black/50"
        >
          <NotificationPanel
            query={notifications}
            unread={unread}
            onNavigate={() => setOpen(false)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationPanel({
  query,
  unread,
  onNavigate,
}: {
  query: ReturnType<typeof useNotifications>;
  unread: number;
  onNavigate: () => void;
}) {
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const now = useNow();

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2.5">
        <h2 className="text-sm font-semibold text-fg">
          Notifications
          {unread > 0 ? (
            <span className="ml-1.5 font-normal text-fg-muted">{unread} unread</span>
          ) : null}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 h-7 px-2"
          disabled={unread === 0}
          onClick={() => markAll.mutate()}
        >
          <IconCheckCheck />
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {query.isPending ? (
          <div role="status" className="space-y-3 px-4 py-4">
            <span className="sr-only">Loading notifications…</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex gap-3">
                <Skeleton className="size-8 shrink-0 rounded-full" />
                <div className="flex-1 space-y-2 pt-1">
                  <Skeleton className="h-3.5 w-4/5" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="px-4 py-6 text-center">
            <IconAlertCircle className="mx-auto size-5 text-danger-fg" />
            <p className="mt-2 text-sm font-medium text-fg">Couldn’t load notifications</p>
            <p className="mt-1 text-sm text-fg-muted">{errorMessage(query.error)}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              pending={query.isFetching}
              pendingLabel="Retrying…"
              onClick={() => void query.refetch()}
            >
              <IconRefresh />
              Try again
            </Button>
          </div>
        ) : query.data.notifications.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <IconCheckCheck className="mx-auto size-5 text-fg-subtle" />
            <p className="mt-2 text-sm font-medium text-fg">You’re all caught up</p>
            <p className="mt-1 text-sm text-fg-muted">
              Calls assigned to you and notes that mention you show up here.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  now={now}
                  onOpen={() => {
                    if (notification.read_at === null) markOne.mutate(notification.id);
                    onNavigate();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: Date;
  onOpen: () => void;
}) {
  const unread = notification.read_at === null;
  const text = notificationText(notification);
  const Icon = notification.kind === 'assigned' ? IconUser : IconAtSign;
  return (
    <Link
      to={`/call/${encodeURIComponent(notification.call_id)}`}
      onClick={onOpen}
      aria-label={`${text}${notification.call_caller_name ? `: ${notification.call_caller_name}` : ''}${unread ? ' (unread)' : ''}`}
      className={cn(
        'relative flex gap-3 px-4 py-3 transition-colors hover:bg-surface-muted',
        'focus-visible:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        unread && 'bg-accent-soft/60 dark:bg-accent-soft/70',
      )}
    >
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full border',
          unread
            ? 'border-info-border bg-info-bg text-info-fg'
            : 'border-border bg-surface text-fg-muted',
        )}
      >
        <Icon className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm text-fg', unread ? 'font-semibold' : 'font-normal')}>
          {text}
        </span>
        <span className="mt-0.5 block truncate text-xs text-fg-muted">
          {notification.call_caller_name ? `${notification.call_caller_name} · ` : null}
          <time
            dateTime={notification.created_at}
            title={formatFullDateTime(notification.created_at)}
          >
            {formatRelativeTime(notification.created_at, now)}
          </time>
        </span>
      </span>
      {unread ? (
        <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" />
      ) : null}
    </Link>
  );
}
