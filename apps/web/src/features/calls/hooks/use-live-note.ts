// The call page's quiet note of what a colleague just did (docs/live-updates.md, "Client"):
// "Leo set this to Closed", "Mia assigned this to Leo", "Mia added a note". It reads the call's
// activity as refetched after a live event, and speaks only of entries that appeared while the
// page was open and were made by someone else.
import type { Activity } from '@callboard/contract';
import { useEffect, useRef, useState } from 'react';
import { firstName, type PeopleDirectory } from '../people.ts';

/** How long the note stays before it fades out of the way. */
export const LIVE_NOTE_MS = 20_000;

function who(people: PeopleDirectory, id: string | null, position: 'start' | 'middle'): string {
  return firstName(people, id, position);
}

/** The note for one entry of the activity, as a colleague's action on "this" call. */
export function liveNoteText(activity: Activity, people: PeopleDirectory): string {
  const actor = who(people, activity.actor_id, 'start');
  switch (activity.type) {
    case 'STATUS_CHANGED':
      return `${actor} set this to ${activity.new_status ?? 'an unknown status'}`;
    case 'ASSIGNED': {
      const next = activity.new_assignee_id;
      if (next === null) return `${actor} unassigned this`;
      if (next === activity.actor_id) return `${actor} assigned this to themselves`;
      return `${actor} assigned this to ${who(people, next, 'middle')}`;
    }
    case 'NOTE':
      return `${actor} added a note`;
  }
}

/**
 * The latest note for `callId`'s activity, or null. Entries already there when the page opened,
 * and one's own, say nothing.
 */
export function useLiveNote(
  callId: string,
  activity: readonly Activity[],
  people: PeopleDirectory,
): string | null {
  const seen = useRef<{ callId: string; ids: Set<string> } | null>(null);
  const [note, setNote] = useState<{ text: string; id: string } | null>(null);

  useEffect(() => {
    if (seen.current?.callId !== callId) {
      seen.current = { callId, ids: new Set(activity.map((entry) => entry.id)) };
      setNote(null);
      return;
    }
    const known = seen.current.ids;
    const added = activity.filter((entry) => !known.has(entry.id));
    for (const entry of added) known.add(entry.id);
    const newest = added.filter((entry) => entry.actor_id !== people.currentUserId).at(-1);
    if (newest) setNote({ text: liveNoteText(newest, people), id: newest.id });
  }, [callId, activity, people]);

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), LIVE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  return note?.text ?? null;
}
