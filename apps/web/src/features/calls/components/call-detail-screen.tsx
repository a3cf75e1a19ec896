// /call/{id}: one call — who called, what was said, who is dealing with it, and what happened.
import { ERROR_MESSAGES, type CallDetail } from '@callboard/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  IconArrowLeft,
  IconClock,
  IconLock,
  IconPhoneIncoming,
  IconPhoneOutgoing,
  IconSearchX,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  formatDateTime,
  formatDurationLong,
  formatFullDateTime,
  formatRelativeTime,
} from '../../../lib/format.ts';
import { useMembers } from '../../../lib/organisation-directory.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { isNoOrganisationError } from '../api/api-errors.ts';
import { useCall } from '../api/get-call.ts';
import { useCallPresence } from '../hooks/use-call-presence.ts';
import { useLiveNote } from '../hooks/use-live-note.ts';
import { createDirectory } from '../people.ts';
import { AssigneePicker } from './assignee-picker.tsx';
import { CallActivity } from './call-activity.tsx';
import { CallStatusBadge, SentimentBadge } from './call-badges.tsx';
import { CallViewers } from './call-viewers.tsx';
import { callListPath, hasListState } from './call-links.ts';
import { CallTranscript } from './call-transcript.tsx';
import { findWordHits, searchWords } from '../lib/highlight.ts';
import { HighlightedText } from './highlighted-text.tsx';
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2 first:pt-0 last:pb-0">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
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

/**
 * Back to the list with its tab, filters and page. Arrived from the list, it goes back in history
 * (so the list returns where it was scrolled, on the row that was opened); opened from a link, it
 * is an ordinary link to the list.
 */
function BackLink({ to, className }: { to: string; className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = hasListState(location.state);
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (!fromList || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
          return;
        }
        event.preventDefault();
        void navigate(-1);
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

function Recording({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <audio
        controls
        preload="none"
        src={url}
        onError={() => setFailed(true)}
        className="w-full"
        aria-label="Call recording"
      />
      {failed ? (
        <p className="mt-2 text-sm text-danger-fg">
          The recording couldn't be played here.{' '}
          <a href={url} target="_blank" rel="noreferrer" className="font-medium underline">
            Open it in a new tab
          </a>
        </p>
      ) : null}
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
  const now = new Date();
  const callerName = call.caller_name ?? 'Caller';
  const title = call.caller_name ?? call.from_number ?? 'Unknown caller';
  const agentName = call.agent.display_name ?? call.agent_id;
  const callerNumber = call.direction === 'outbound' ? call.to_number : call.from_number;
  const DirectionIcon = call.direction === 'outbound' ? IconPhoneOutgoing : IconPhoneIncoming;
  // Opened from a search (the list's link carries its q): its words are marked.
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const searched = useMemo(() => searchWords(q.slice(0, 200)), [q]);
  const transcriptHits = (call.transcript ?? []).reduce(
    (count, turn) => count + findWordHits(turn.text, searched).length,
    0,
  );

  return (
    <>
      <title>{`${title} · Call · Callboard`}</title>
      <BackLink to={backTo} />
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
              {call.caller_name && callerNumber ? (
                <span className="tabular-nums">
                  {call.direction === 'inbound' ? 'from' : 'to'} {callerNumber}
                </span>
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

      {/* Phones: triage first, then the conversation, details last. Wide: details beside. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <section aria-label="Triage" className="lg:col-start-2 lg:row-start-1">
          <Card className="space-y-5 p-4 sm:p-5">
            <StatusControl
              callId={call.call_id}
              status={call.status}
              currentUserId={currentUserId}
            />
            <AssigneePicker
              call={call}
              members={members.data ?? []}
              currentUserId={currentUserId}
              membersLoading={members.isPending}
            />
            {adminActions ? (
              <div className="border-t border-border pt-4">{adminActions(call)}</div>
            ) : null}
          </Card>
        </section>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section title="Summary">
            <p className="text-sm leading-6 text-pretty text-fg">
              {call.summary ? (
                <HighlightedText text={call.summary} hits={findWordHits(call.summary, searched)} />
              ) : (
                'No summary for this call.'
              )}
            </p>
          </Section>
          {call.recording_url ? (
            <Section title="Recording">
              <Recording url={call.recording_url} />
            </Section>
          ) : null}
          <Section
            title="Transcript"
            aside={
              call.transcript && call.transcript.length > 0 ? (
                <span className="text-xs text-fg-muted">
                  {transcriptHits > 0
                    ? `${transcriptHits} ${transcriptHits === 1 ? 'match' : 'matches'} · `
                    : null}
                  {call.transcript.length} turns
                </span>
              ) : null
            }
          >
            {call.transcript && call.transcript.length > 0 ? (
              <CallTranscript
                turns={call.transcript}
                agentName={agentName}
                callerName={callerName}
                highlight={searched}
              />
            ) : (
              <p className="text-sm text-fg-muted">No transcript for this call.</p>
            )}
          </Section>
          <Section title="Activity">
            <CallActivity activity={call.activity} people={people} />
            <div className="mt-6 border-t border-border pt-5">
              <NoteComposer callId={call.call_id} />
            </div>
          </Section>
        </div>
        <Section title="Details" className="lg:col-start-2 lg:row-start-2">
          <dl className="divide-y divide-border">
            <Fact label="From">
              <span className="tabular-nums">{call.from_number ?? '—'}</span>
            </Fact>
            <Fact label="To">
              <span className="tabular-nums">{call.to_number ?? '—'}</span>
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
            <Fact label="Call ID">
              <span className="font-mono text-xs break-all">{call.call_id}</span>
            </Fact>
          </dl>
        </Section>
      </div>
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

  return <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{content}</main>;
}
