// /call/{id}: one call — who called, what was said, who is dealing with it, and what happened.
import { ERROR_MESSAGES, type CallDetail } from '@callboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconCircleHalf,
  IconClock,
  IconMessageSquare,
  IconUser,
  IconLock,
  IconPhoneIncoming,
  IconPhoneOutgoing,
  IconSearchX,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import {
  formatDateTime,
  formatDurationLong,
  formatFullDateTime,
  formatRelativeTime,
} from '../../../lib/format.ts';
import { useMembers } from '../../../lib/organisation-directory.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { isNoOrganisationError } from '../api/api-errors.ts';
import { callQueryOptions, useCall } from '../api/get-call.ts';
import {
  useAdjacentCalls,
  type AdjacentCall,
  type AdjacentCalls,
} from '../hooks/use-adjacent-calls.ts';
import { useCallPageKeys } from '../hooks/use-call-page-keys.ts';
import { useCallPresence } from '../hooks/use-call-presence.ts';
import { useLiveNote } from '../hooks/use-live-note.ts';
import { useRecordingPlayer } from '../hooks/use-recording-player.ts';
import { createDirectory } from '../people.ts';
import { AssigneePicker } from './assignee-picker.tsx';
import { CallActivity } from './call-activity.tsx';
import { CallStatusBadge, SentimentBadge } from './call-badges.tsx';
import { CallViewers } from './call-viewers.tsx';
import {
  callListPath,
  callPagePath,
  returnsByHistory,
  type CallLocationState,
} from './call-links.ts';
import { CallRecording } from './call-recording.tsx';
import { CallTranscript } from './call-transcript.tsx';
import { NoOrganisation } from './no-organisation.tsx';
import { NoteComposer } from './note-composer.tsx';
import { StatusControl } from './status-control.tsx';
import { disconnectionReasonLabel } from '../../../lib/call-labels.ts';

function Section({
  title,
  children,
  aside,
  className,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  const id = `section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card className={className}>
      <section aria-labelledby={id} className="p-4 sm:p-5">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id={id} className="text-sm font-semibold text-fg">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

function Fact({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-fg">{children}</dd>
    </div>
  );
}

function When({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <time dateTime={value} title={formatFullDateTime(value)}>
      {formatDateTime(value)}
    </time>
  );
}

/** A number to ring (a tel: link, so a phone or softphone dials it) and to copy. */
function PhoneNumber({ number }: { number: string | null }) {
  if (!number) return <>—</>;
  return (
    <span className="inline-flex max-w-full items-center gap-0.5">
      <a
        href={`tel:${number}`}
        className="truncate rounded-sm font-medium text-accent-text tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        title={`Call ${number}`}
      >
        {number}
      </a>
      <CopyButton value={number} label={`Copy number ${number}`} />
    </span>
  );
}

/** The call id in full on hover and when copied; on screen it never breaks mid-id. */
function CallIdentifier({ callId }: { callId: string }) {
  return (
    <span className="flex min-w-0 items-center gap-0.5">
      <span title={callId} className="min-w-0 truncate font-mono text-xs whitespace-nowrap">
        {callId}
      </span>
      <CopyButton value={callId} label="Copy call ID" />
    </span>
  );
}

/** Back to the list the call was opened from (by history when that is the entry before). */
function useGoBackToList(backTo: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const byHistory = returnsByHistory(location.state);
  return () => void (byHistory ? navigate(-1) : navigate(backTo));
}

/**
 * Back to the list with its tab, filters and page. Arrived from the list, it goes back in history
 * (so the list returns where it was scrolled, on the row that was opened); opened from a link, it
 * is an ordinary link to the list.
 */
function BackLink({ to, className }: { to: string; className?: string }) {
  const location = useLocation();
  const goBack = useGoBackToList(to);
  const fromList = returnsByHistory(location.state);
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (!fromList || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
          return;
        }
        event.preventDefault();
        goBack();
      }}
      className={
        className ??
        '-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-0.5 text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring'
      }
    >
      <IconArrowLeft className="size-4" />
      Back to calls
    </Link>
  );
}

/** Opens a neighbouring call in place of this one, keeping the list view it belongs to. */
function useStepTo(): (target: AdjacentCall) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const byHistory = returnsByHistory(location.state);
  return (target) => {
    const state: CallLocationState = {
      listSearch: target.listSearch,
      // Still the page history goes back to? Only if the view stayed on it.
      historyBack:
        byHistory &&
        callListPath({ listSearch: target.listSearch }) === callListPath(location.state),
    };
    // Replaces this entry: Back from any call of the view goes to the list, not call by call.
    void navigate(callPagePath(target.callId), { replace: true, state });
  };
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd
      aria-hidden="true"
      className="rounded border border-border bg-surface-muted px-1 font-sans text-[0.7rem] text-fg-muted"
    >
      {children}
    </kbd>
  );
}

/** Previous / next call of the list view, with why not when there is none. */
function CallStepper({
  adjacent,
  notice,
  onStep,
}: {
  adjacent: AdjacentCalls;
  notice: string | null;
  onStep: (direction: 'previous' | 'next') => void;
}) {
  if (!adjacent.fromList) return null;
  const stepClass = cn(
    buttonClassName('secondary', 'sm'),
    'gap-1 px-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-surface',
  );
  const button = (direction: 'previous' | 'next') => {
    const target = direction === 'previous' ? adjacent.previous : adjacent.next;
    const reason = direction === 'previous' ? adjacent.previousReason : adjacent.nextReason;
    const label = direction === 'previous' ? 'Previous call' : 'Next call';
    const key = direction === 'previous' ? '[' : ']';
    return (
      <button
        type="button"
        className={stepClass}
        // Disabled but still focusable and named, so that the reason can be read.
        aria-disabled={target ? undefined : 'true'}
        aria-keyshortcuts={key}
        aria-label={target ? label : `${label}: ${reason ?? ''}`}
        title={target ? `${label} (${key})` : (reason ?? undefined)}
        onClick={() => onStep(direction)}
      >
        {direction === 'previous' ? <IconChevronLeft className="size-4" /> : null}
        <span className="max-sm:sr-only">{direction === 'previous' ? 'Previous' : 'Next'}</span>
        <span className="max-md:hidden">
          <Kbd>{key}</Kbd>
        </span>
        {direction === 'next' ? <IconChevronRight className="size-4" /> : null}
      </button>
    );
  };
  return (
    <nav aria-label="Calls in this list" className="flex items-center gap-2">
      <p role="status" className="text-xs text-fg-muted tabular-nums max-sm:sr-only">
        {notice ?? adjacent.position}
      </p>
      {button('previous')}
      {button('next')}
    </nav>
  );
}

/**
 * Phones: status, assignee and note one tap away, in a bar at the foot of the screen. The page
 * leaves room for it below its content, so it never covers any.
 */
function MobileActionBar({ status }: { status: CallDetail['status'] }) {
  function bring(selector: string, action: (element: HTMLElement) => void) {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return;
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    action(element);
  }
  const item =
    'flex min-w-0 flex-1 flex-col items-center gap-0.5 rounded-lg px-2 py-1.5 text-xs font-medium text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-sm lg:hidden"
      role="toolbar"
      aria-label="Call actions"
    >
      <div className="mx-auto flex max-w-lg gap-1 px-2 py-1.5">
        <button
          type="button"
          className={item}
          onClick={() =>
            bring('#call-triage input[type="radio"]:checked', (element) =>
              element.focus({ preventScroll: true }),
            )
          }
        >
          <IconCircleHalf className="size-4" />
          <span className="truncate">Status: {status}</span>
        </button>
        <button
          type="button"
          className={item}
          onClick={() => bring('#call-assignee button', (element) => element.click())}
        >
          <IconUser className="size-4" />
          Assign
        </button>
        <button
          type="button"
          className={item}
          onClick={() =>
            bring('#call-notes textarea', (element) => element.focus({ preventScroll: true }))
          }
        >
          <IconMessageSquare className="size-4" />
          Note
        </button>
      </div>
    </div>
  );
}

function CallPageSkeleton() {
  return (
    <div role="status" aria-label="Loading call">
      <Skeleton className="h-7 w-64" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Card className="space-y-3 p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </Card>
          <Card className="space-y-4 p-5">
            <Skeleton className="h-4 w-28" />
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton
                key={index}
                className={index % 2 ? 'ml-auto h-14 w-2/3 rounded-2xl' : 'h-14 w-3/4 rounded-2xl'}
              />
            ))}
          </Card>
        </div>
        <Card className="h-fit space-y-4 p-5 max-lg:row-start-1">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-10 w-full" />
        </Card>
      </div>
      <span className="sr-only">Loading call…</span>
    </div>
  );
}

/** 404 and 403, in the server's words, with a way back. */
function CallProblem({
  error,
  callId,
  backTo,
}: {
  error: unknown;
  callId: string;
  backTo: string;
}) {
  const status = isApiError(error) ? error.status : 0;
  const back = <BackLink to={backTo} className={buttonClassName('secondary')} />;
  if (status === 404) {
    return (
      <EmptyState
        headingLevel="h1"
        icon={<IconSearchX />}
        title={isApiError(error) ? error.message : ERROR_MESSAGES.callNotFound}
        description={
          <>
            There is no call with the ID <span className="font-mono text-fg">{callId}</span>. It may
            have been removed, or the link may be mistyped.
          </>
        }
        action={back}
      />
    );
  }
  return (
    <EmptyState
      headingLevel="h1"
      icon={<IconLock />}
      title={isApiError(error) ? error.message : ERROR_MESSAGES.callNotAccessible}
      description="This call was handled by an agent outside your organisation, so it can't be shown to you. If you think you should see it, ask an admin of your organisation."
      action={back}
    />
  );
}

/** What the page's owner adds to the Triage card for this call (the admin's delete/restore). */
export type CallActionsSlot = (call: CallDetail) => ReactNode;

function CallView({
  call,
  backTo,
  adminActions,
}: {
  call: CallDetail;
  backTo: string;
  adminActions: CallActionsSlot | undefined;
}) {
  const session = useAuthSession();
  const currentUserId = session?.user.id ?? null;
  const members = useMembers();
  const people = useMemo(
    () => createDirectory(members.data, currentUserId),
    [members.data, currentUserId],
  );
  const liveNote = useLiveNote(call.call_id, call.activity, people);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const adjacent = useAdjacentCalls(call.call_id, location.state);
  const stepTo = useStepTo();
  const goBack = useGoBackToList(backTo);
  const [stepNotice, setStepNotice] = useState<string | null>(null);
  const player = useRecordingPlayer();
  const queryClient = useQueryClient();

  // The next call is the likely next stop: have it ready.
  const nextId = adjacent.next?.callId;
  useEffect(() => {
    if (!nextId) return;
    // Quietly: a failure is met again, and shown, when that call is opened.
    queryClient
      .query({ ...callQueryOptions(nextId), meta: { silent: true, errorToast: false } })
      .catch(() => undefined);
  }, [nextId, queryClient]);

  function step(direction: 'previous' | 'next') {
    const target = direction === 'previous' ? adjacent.previous : adjacent.next;
    if (target) {
      stepTo(target);
      return;
    }
    // Said where the position usually is, and read out.
    setStepNotice(direction === 'previous' ? adjacent.previousReason : adjacent.nextReason);
  }
  useCallPageKeys({
    onPrevious: () => step('previous'),
    onNext: () => step('next'),
    onBack: goBack,
  });

  const now = new Date();
  const callerName = call.caller_name ?? 'Caller';
  const title = call.caller_name ?? call.from_number ?? 'Unknown caller';
  const agentName = call.agent.display_name ?? call.agent_id;
  const callerNumber = call.direction === 'outbound' ? call.to_number : call.from_number;
  const DirectionIcon = call.direction === 'outbound' ? IconPhoneOutgoing : IconPhoneIncoming;
  const hasTranscript = call.transcript !== null && call.transcript.length > 0;

  return (
    <>
      <title>{`${title} · Call · Callboard`}</title>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <BackLink to={backTo} />
        <CallStepper adjacent={adjacent} notice={stepNotice} onStep={step} />
      </div>
      <header className="mt-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-xl font-semibold tracking-tight break-words text-fg sm:text-2xl">
            {title}
          </h1>
          <div className="flex flex-wrap items-center gap-1.5">
            <CallStatusBadge status={call.status} />
            {call.sentiment ? <SentimentBadge sentiment={call.sentiment} /> : null}
          </div>
          <CallViewers callId={call.call_id} currentUserId={currentUserId} />
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
          {call.direction ? (
            <span className="inline-flex items-center gap-1.5">
              <DirectionIcon className="size-3.5 text-fg-subtle" />
              {call.direction === 'inbound' ? 'Inbound' : 'Outbound'}
              {callerNumber ? (
                <>
                  {' '}
                  {call.direction === 'inbound' ? 'from' : 'to'}{' '}
                  <PhoneNumber number={callerNumber} />
                </>
              ) : null}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <IconClock className="size-3.5 text-fg-subtle" />
            <span>
              Ended{' '}
              <time dateTime={call.end_datetime} title={formatFullDateTime(call.end_datetime)}>
                {formatRelativeTime(call.end_datetime, now)}
              </time>
              {call.duration_seconds !== null
                ? `, lasted ${formatDurationLong(call.duration_seconds)}`
                : null}
            </span>
          </span>
        </p>
        {/* What a colleague just did, said once, politely; always present so it is heard. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {liveNote ? (
            <p className="mt-3 inline-flex items-center gap-2 rounded-full border border-info-border bg-info-bg px-3 py-1 text-sm text-info-fg motion-safe:animate-[appear_160ms_ease-out]">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
              {liveNote}
            </p>
          ) : null}
        </div>
      </header>

      {call.deleted_flag ? (
        <Alert tone="info" className="mt-4" role="note">
          This call was deleted from the log. It is shown because you opened it directly.
        </Alert>
      ) : null}

      {/*
        Wide screens: the conversation on the left, its transcript scrolling in its own panel;
        triage, the note box and the activity on the right, held in view while the page scrolls.
        Phones: one column, with the action bar at the foot.
      */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Summary">
            <p className="text-sm leading-6 text-pretty text-fg">
              {call.summary ?? 'No summary for this call.'}
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-border pt-4 sm:grid-cols-3 xl:grid-cols-4">
              <Fact label="From">
                <PhoneNumber number={call.from_number} />
              </Fact>
              <Fact label="To">
                <PhoneNumber number={call.to_number} />
              </Fact>
              <Fact label="Agent">{agentName}</Fact>
              <Fact label="Started">
                <When value={call.start_datetime} />
              </Fact>
              <Fact label="Ended">
                <When value={call.end_datetime} />
              </Fact>
              <Fact label="Duration">
                {call.duration_seconds === null ? '—' : formatDurationLong(call.duration_seconds)}
              </Fact>
              {call.disconnection_reason ? (
                <Fact label="Ended by">{disconnectionReasonLabel(call.disconnection_reason)}</Fact>
              ) : null}
              <Fact label="Call ID" className="col-span-2">
                <CallIdentifier callId={call.call_id} />
              </Fact>
            </dl>
          </Section>

          <Card>
            <section
              aria-labelledby="section-conversation"
              className="flex flex-col lg:max-h-[calc(100dvh-8rem)] lg:min-h-[28rem]"
            >
              <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-3 sm:px-5 sm:pt-5">
                <h2 id="section-conversation" className="text-sm font-semibold text-fg">
                  {call.recording_url ? 'Recording and transcript' : 'Transcript'}
                </h2>
                {hasTranscript ? (
                  <span className="text-xs text-fg-muted">{call.transcript?.length} turns</span>
                ) : null}
              </div>
              {call.recording_url ? (
                <div className="px-4 pb-4 sm:px-5">
                  <CallRecording url={call.recording_url} player={player} />
                </div>
              ) : null}
              {hasTranscript ? (
                <CallTranscript
                  className="min-h-0 flex-1"
                  turns={call.transcript ?? []}
                  agentName={agentName}
                  callerName={callerName}
                  player={call.recording_url ? player : null}
                  initialQuery={searchParams.get('q') ?? ''}
                />
              ) : (
                <p className="px-4 pb-5 text-sm text-fg-muted sm:px-5">
                  No transcript for this call.
                </p>
              )}
            </section>
          </Card>
        </div>

        <aside
          aria-label="Triage and activity"
          className="min-w-0 space-y-6 lg:sticky lg:top-[4.5rem] lg:max-h-[calc(100dvh-5.5rem)] lg:overflow-y-auto lg:overscroll-contain lg:rounded-xl"
        >
          <section id="call-triage" aria-label="Triage">
            <Card className="space-y-5 p-4 sm:p-5">
              <StatusControl
                callId={call.call_id}
                status={call.status}
                currentUserId={currentUserId}
              />
              <div id="call-assignee">
                <AssigneePicker
                  call={call}
                  members={members.data ?? []}
                  currentUserId={currentUserId}
                  membersLoading={members.isPending}
                />
              </div>
              {adminActions ? (
                <div className="border-t border-border pt-4">{adminActions(call)}</div>
              ) : null}
            </Card>
          </section>
          <Section title="Notes and activity">
            <div id="call-notes">
              <NoteComposer callId={call.call_id} />
            </div>
            <div className="mt-5 border-t border-border pt-5">
              <CallActivity activity={call.activity} people={people} />
            </div>
          </Section>
        </aside>
      </div>
      <MobileActionBar status={call.status} />
    </>
  );
}

export function CallDetailScreen({
  callId,
  adminActions,
}: {
  callId: string;
  /** Rendered at the foot of the Triage card; the route passes it for organisation admins. */
  adminActions?: CallActionsSlot | undefined;
}) {
  const location = useLocation();
  const backTo = callListPath(location.state);
  const call = useCall(callId);
  const session = useAuthSession();
  // Colleagues see who has the call open; not while it cannot be shown.
  useCallPresence(callId, { enabled: Boolean(session?.user.organisation) && !call.isError });

  let content: ReactNode;
  if (!session?.user.organisation || isNoOrganisationError(call.error)) {
    content = (
      <>
        <BackLink to={backTo} />
        <Card className="mt-4">
          <NoOrganisation email={session?.user.email ?? null} />
        </Card>
      </>
    );
  } else if (call.isPending) {
    content = <CallPageSkeleton />;
  } else if (call.isError) {
    const status = isApiError(call.error) ? call.error.status : 0;
    content =
      status === 404 || status === 403 ? (
        <>
          <title>{`${call.error.message} · Callboard`}</title>
          <Card>
            <CallProblem error={call.error} callId={callId} backTo={backTo} />
          </Card>
        </>
      ) : (
        <>
          <title>Call · Callboard</title>
          <BackLink to={backTo} />
          <Card className="mt-4">
            <LoadError
              headingLevel="h1"
              title="We couldn't load this call"
              error={call.error}
              onRetry={() => void call.refetch()}
              retrying={call.isFetching}
            />
          </Card>
        </>
      );
  } else {
    content = <CallView call={call.data} backTo={backTo} adminActions={adminActions} />;
  }

  // Below lg the action bar sits at the foot of the screen: room for it under the content.
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-24 sm:px-6 sm:pt-8 lg:pb-8">{content}</main>
  );
}
