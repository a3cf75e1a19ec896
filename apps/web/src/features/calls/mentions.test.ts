// The note composer's mentions: what is shown ("@Leo Marsh") against what is sent (`@{id}`), and
// back again (docs/live-updates.md, "Notifications").
import { mentionedIds, splitMentions } from '@callboard/contract';
import { describe, expect, it } from 'vitest';
import { AVA, LEO, MEMBERS, MIA } from '../../testing/fixtures.ts';
import { activeMentionQuery, encodeMentions, matchMembers } from './mentions.ts';

describe('mentions', () => {
  it('sends each chosen "@Name" as its token, and leaves look-alikes as typed', () => {
    const chosen = [
      { id: LEO.id, label: 'Leo Marsh' },
      { id: AVA.id, label: 'Ava Whitfield' },
    ];
    const body = encodeMentions(
      '@Leo Marsh and @Ava Whitfield, see @Leo Marsh’s note. @Leo Marshall is someone else; so is @Mia.',
      chosen,
    );
    expect(body).toBe(
      `@{${LEO.id}} and @{${AVA.id}}, see @{${LEO.id}}’s note. @Leo Marshall is someone else; so is @Mia.`,
    );
    expect(mentionedIds(body)).toEqual([LEO.id, AVA.id]);
    // And back: the parts a note shows, in order.
    expect(splitMentions(body).slice(0, 4)).toEqual([
      { kind: 'mention', userId: LEO.id },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', userId: AVA.id },
      { kind: 'text', text: ', see ' },
    ]);
    expect(encodeMentions('no mentions', [])).toBe('no mentions');
  });

  it('finds the mention being typed at the caret, and only there', () => {
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('Call @le', 8)).toEqual({ start: 5, query: 'le' });
    expect(activeMentionQuery('Call @Leo Ma', 12)).toEqual({ start: 5, query: 'Leo Ma' });
    // An email address or a finished mention followed by more words is not a mention query.
    expect(activeMentionQuery('mail leo@northwind', 18)).toBeNull();
    expect(activeMentionQuery('@Leo Marsh said hi', 18)).toBeNull();
    // The caret decides: typing before an "@" is not mentioning.
    expect(activeMentionQuery('hi @leo', 2)).toBeNull();
  });

  it('matches colleagues by the start of a name or the email, never the author', () => {
    expect(matchMembers(MEMBERS, '', MIA.id).map((m) => m.id)).toEqual([LEO.id, AVA.id]);
    expect(matchMembers(MEMBERS, 'ma', MIA.id).map((m) => m.id)).toEqual([LEO.id]);
    expect(matchMembers(MEMBERS, 'AVA', MIA.id).map((m) => m.id)).toEqual([AVA.id]);
    expect(matchMembers(MEMBERS, 'mia', MIA.id)).toEqual([]);
  });
});
