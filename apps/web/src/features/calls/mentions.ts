// Mentions in a note (docs/live-updates.md, "Notifications"). The composer shows a chosen
// colleague as "@Leo Marsh" and sends `@{<id>}` (packages/contract/src/mentions.ts), so a later
// rename or a name shared by two colleagues cannot send the mention to the wrong person.
import { mentionToken, type Member } from '@callboard/contract';
import { memberName } from './people.ts';

/** A colleague picked in the composer, and the text that stands for them there. */
export interface MentionChoice {
  id: string;
  /** "Leo Marsh", shown as "@Leo Marsh". */
  label: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * The note as the server takes it: each "@Label" of a chosen colleague becomes their token. Text
 * that only looks like a mention (typed by hand, or a chosen name edited since) stays as typed.
 * Longer labels go first, so "@Leo Marshall" is not read as "@Leo Marsh" + "all".
 */
export function encodeMentions(text: string, chosen: readonly MentionChoice[]): string {
  const byLabel = new Map<string, string>();
  for (const choice of chosen) byLabel.set(choice.label, choice.id);
  const labels = [...byLabel.keys()].sort((a, b) => b.length - a.length);
  if (labels.length === 0) return text;
  // A label ends where a letter or digit does not follow it.
  const pattern = new RegExp(`@(${labels.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(pattern, (whole, label: string) => {
    const id = byLabel.get(label);
    return id ? mentionToken(id) : whole;
  });
}

/** What is being typed after an "@" just before the caret: where the "@" is and the text after. */
export interface MentionQuery {
  start: number;
  query: string;
}

/**
 * The mention being typed at the caret, if any: an "@" at the start or after a space, followed by
 * up to two words (a first and last name) and nothing else up to the caret.
 */
export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([\p{L}\p{N}'’.-]*(?: [\p{L}\p{N}'’.-]*)?)$/u.exec(before);
  if (match?.[1] === undefined) return null;
  const query = match[1];
  if (query.length > 40) return null;
  return { start: caret - query.length - 1, query };
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Colleagues whose name or email starts a word with the query, in the directory's order. */
export function matchMembers(
  members: readonly Member[],
  query: string,
  excludeId: string | null,
  limit = 6,
): Member[] {
  const wanted = normalise(query.trim());
  return members
    .filter((member) => member.id !== excludeId)
    .filter((member) => {
      if (!wanted) return true;
      const name = normalise(memberName(member));
      return (
        name.startsWith(wanted) ||
        name.split(/\s+/u).some((word) => word.startsWith(wanted)) ||
        normalise(member.email).startsWith(wanted)
      );
    })
    .slice(0, limit);
}
