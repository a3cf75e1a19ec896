// What the call list's search hands back besides the calls (docs/search.md, "Search"): where in
// each call the words were found, as plain text with the hits' positions. Never markup: a
// client renders the hits itself (the web app as <mark>), so a call's text cannot inject any.
import { z } from 'zod';

/**
 * A hit in a text: [start, end), in UTF-16 code units (JavaScript's String#slice), sorted and
 * not overlapping.
 */
export const textHitSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type TextHit = z.infer<typeof textHitSchema>;

/** Where a snippet comes from, in the order the list prefers them. */
export const SNIPPET_SOURCES = ['summary', 'transcript', 'note'] as const;

/** A passage around the search's first hits in a call, for the list's summary column. */
export const callSnippetSchema = z.object({
  source: z.enum(SNIPPET_SOURCES),
  text: z.string(),
  highlights: z.array(textHitSchema),
});
export type CallSnippet = z.infer<typeof callSnippetSchema>;

/**
 * The terms the server searched for, so that a client can mark them in what it shows (the
 * caller's name and number): `words` match the start of a word, case-insensitively; `numbers`
 * are digit strings that match a phone number's digits, whatever separates them.
 */
export const callSearchTermsSchema = z.object({
  words: z.array(z.string()),
  numbers: z.array(z.string()),
});
export type CallSearchTerms = z.infer<typeof callSearchTermsSchema>;
