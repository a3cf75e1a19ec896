// How a note names a colleague: `@{<profile id>}` in its body (docs/live-updates.md,
// "Notifications"). The server keeps the ids in call_activity.mentions and tells each colleague;
// the browser shows each token as the colleague's name. Shared so both read the same tokens.

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** One token; `g` — make a new RegExp per use (lastIndex is state). */
export const MENTION_TOKEN_SOURCE = `@\\{(${UUID})\\}`;

/** The token that mentions `userId` in a note body. */
export function mentionToken(userId: string): string {
  return `@{${userId}}`;
}

/** The distinct ids a body mentions, in order of first appearance, lower-cased. */
export function mentionedIds(body: string): string[] {
  const ids = new Set<string>();
  for (const match of body.matchAll(new RegExp(MENTION_TOKEN_SOURCE, 'gu'))) {
    if (match[1]) ids.add(match[1].toLowerCase());
  }
  return [...ids];
}

/** A body cut into plain text and mentions, in order (for showing a note). */
export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; userId: string };

export function splitMentions(body: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const match of body.matchAll(new RegExp(MENTION_TOKEN_SOURCE, 'gu'))) {
    const start = match.index;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'mention', userId: (match[1] ?? '').toLowerCase() });
    at = start + match[0].length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}
