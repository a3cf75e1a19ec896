import { splitMentions, type Activity } from '@callboard/contract';
import type { ReactNode } from 'react';
import {
  IconCircleHalf,
  IconMessageSquare,
  IconUser,
  IconUserMinus,
} from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatFullDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { memberName, personName, type PeopleDirectory } from '../people.ts';

function Strong({ children }: { children: ReactNode }) {
  return <span className="font-medium text-fg">{children}</span>;
}

/**
 * A note's text with each `@{id}` mention shown as the colleague's name; one who has left the
 * organisation (or an id that is nobody's) reads "@someone".
 */
export function NoteBody({ body, people }: { body: string; people: PeopleDirectory }) {
  return (
    <>
      {splitMentions(body).map((part, index) => {
        if (part.kind === 'text') return part.text;
        const member = people.byId.get(part.userId);
        return (
          <span
            // Parts never move: the index is their identity.
            key={index}
            className={cn(
              'rounded px-0.5 font-medium',
              part.userId === people.currentUserId
                ? 'bg-accent-soft text-accent-text'
                : 'text-accent-text',
            )}
          >
            @{member ? memberName(member) : 'someone'}
          </span>
        );
      })}
    </>
  );
}

/** What happened, as a sentence: "You assigned this call to Leo Marsh". */
export function describeActivity(
  activity: Activity,
  people: PeopleDirectory,
): { icon: ReactNode; text: ReactNode } {
  const actor = <Strong>{personName(people, activity.actor_id, 'start')}</Strong>;
  switch (activity.type) {
    case 'ASSIGNED': {
      const { previous_assignee_id: previous, new_assignee_id: next } = activity;
      if (next === null) {
        return {
          icon: <IconUserMinus />,
          text: previous ? (
            <>
              {actor} unassigned <Strong>{personName(people, previous)}</Strong>
            </>
          ) : (
            <>{actor} unassigned this call</>
          ),
        };
      }
      const self = next === activity.actor_id;
      const target = self ? (
        <Strong>{activity.actor_id === people.currentUserId ? 'yourself' : 'themselves'}</Strong>
      ) : (
        <Strong>{personName(people, next)}</Strong>
      );
      return {
        icon: <IconUser />,
        text:
          previous && previous !== next ? (
            <>
              {actor} reassigned this call from <Strong>{personName(people, previous)}</Strong> to{' '}
              {target}
            </>
          ) : (
            <>
              {actor} assigned this call to {target}
            </>
          ),
      };
    }
    case 'STATUS_CHANGED':
      return {
        icon: <IconCircleHalf />,
        text: activity.previous_status ? (
          <>
            {actor} changed the status from <Strong>{activity.previous_status}</Strong> to{' '}
            <Strong>{activity.new_status ?? 'unknown'}</Strong>
          </>
        ) : (
          <>
            {actor} set the status to <Strong>{activity.new_status ?? 'unknown'}</Strong>
          </>
        ),
      };
    case 'NOTE':
      return { icon: <IconMessageSquare />, text: <>{actor} added a note</> };
  }
}

/** The call's history, oldest first, so it reads like a conversation ending at the note box. */
export function CallActivity({
  activity,
  people,
}: {
  activity: readonly Activity[];
  people: PeopleDirectory;
}) {
  const now = useNow();
  if (activity.length === 0) {
    return <p className="text-sm text-fg-muted">Nothing has happened to this call yet.</p>;
  }
  return (
    <ol aria-label="Activity" className="relative">
      {activity.map((entry, index) => {
        const { icon, text } = describeActivity(entry, people);
        const last = index === activity.length - 1;
        return (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-8 bottom-0 left-[15.5px] w-px bg-border"
              />
            )}
            <span className="relative flex size-8 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-fg-muted [&>svg]:size-4">
              {icon}
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="text-sm text-fg-muted">
                {text}{' '}
                <span aria-hidden="true" className="text-fg-subtle">
                  ·
                </span>{' '}
                <time
                  dateTime={entry.created_at}
                  title={formatFullDateTime(entry.created_at)}
                  className="whitespace-nowrap text-fg-muted"
                >
                  {formatRelativeTime(entry.created_at, now)}
                </time>
              </p>
              {entry.type === 'NOTE' && entry.body ? (
                <div className="mt-2 rounded-lg border border-border bg-surface-muted px-3.5 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap text-fg">
                  <NoteBody body={entry.body} people={people} />
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
