// The call list's search, as rules (docs/search.md, "Search"): what a search string asks for,
// the phone numbers it may stand for, the text-search query built from the words PostgreSQL
// found in it, and the snippets' hit markers turned into positions. The SQL is in
// calls.queries.ts.
import { mentionedIds, splitMentions, type CallSnippet, type TextHit } from '@callboard/contract';
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import type { Tx } from '../../db/tenant.ts';
import {
  readSearchWords,
  searchMatches,
  selectHeadlines,
  selectMemberNames,
  selectSnippetSources,
  type ListScope,
  type PreparedSearch,
} from './calls.queries.ts';

/** A search string split into what the database reads. */
export interface SearchText {
  /** The whole search without its quotes: every word in it is required. */
  words: string;
  /** Each quoted passage: its words must also follow each other, in order. */
  phrases: string[];
}

export function splitSearch(q: string): SearchText {
  const phrases: string[] = [];
  for (const match of q.matchAll(/"([^"]*)"/gu)) {
    const phrase = (match[1] ?? '').trim();
    if (phrase) phrases.push(phrase);
  }
  return { words: q.replaceAll('"', ' '), phrases };
}

/** Digits, and nothing but what people put between them in a phone number. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/u;
/** E.164 allows 15 digits; fewer than 6 is a fragment (typed as words, it still matches). */
const PHONE_DIGITS = { min: 6, max: 15 } as const;

/**
 * The digit strings a search may mean as a phone number, as call_log_phone_tokens writes them
 * (db/sql/functions/call_log_phone_tokens.sql): the digits as typed ("07700499194") and, where
 * they read as a possible number in the organisation's country, the international number's
 * digits ("447700499194" for "07700 499194" in GB). Empty when it does not look like a number.
 */
export function phoneSearchNumbers(q: string, country: string): string[] {
  const text = q.trim();
  if (!PHONE_LIKE.test(text)) return [];
  const digits = text.replace(/\D/gu, '');
  if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max) return [];
  const numbers = new Set([digits]);
  const parsed = parsePhoneNumberFromString(text, {
    defaultCountry: isPhoneCountry(country) ? country : undefined,
  });
  if (parsed?.isPossible()) numbers.add(parsed.number.slice(1));
  return [...numbers];
}

/** Whether the phone library knows the country (ISO 3166 alpha-2, upper case). */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** The countries an organisation may choose, with their calling codes, by code. */
export function phoneCountries(): { code: string; calling_code: string }[] {
  return getCountries()
    .map((code) => ({ code, calling_code: getCountryCallingCode(code) }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** A lexeme as a text-search query operand: quoted, so no character in it is an operator. */
function operand(lexeme: string, prefix: boolean): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${prefix ? ':*' : ''}`;
}

/**
 * The text-search query (tsquery syntax) for a search, or null when it has nothing to match:
 * every word, all required, the word typed last (`prefix`, the one still being typed) as the
 * start of a word; each phrase's words in order (`phrases` are PostgreSQL's own phraseto_tsquery
 * output, already quoted); or any of the phone numbers, as prefixes. Only one word is a prefix
 * because a prefix makes the GIN index gather every word it starts ("call" starts a word of
 * every call), where a whole word is skipped through (docs/search.md, "Plans"). Every word is
 * quoted here, so user text never reaches the query syntax.
 */
export function buildTsquery(
  words: readonly string[],
  phrases: readonly string[],
  numbers: readonly string[],
  prefix: string | null = words.at(-1) ?? null,
): string | null {
  const required = [
    ...words.map((word) => operand(word, word === prefix)),
    ...phrases.filter((phrase) => phrase !== '').map((phrase) => `( ${phrase} )`),
  ];
  const alternatives = [
    ...(required.length > 0 ? [`( ${required.join(' & ')} )`] : []),
    ...numbers.map((number) => operand(number, true)),
  ];
  return alternatives.length > 0 ? alternatives.join(' | ') : null;
}

/** Any one of the words or numbers: which passages of a call hold some of the search. */
export function buildAnyTsquery(words: readonly string[], numbers: readonly string[]) {
  const operands = [...words, ...numbers].map((word) => operand(word, true));
  return operands.length > 0 ? operands.join(' | ') : null;
}

/** Any letter or digit. */
const WORDS = /[\p{L}\p{N}]/u;

/** What ts_headline puts around each hit (private-use characters, removed from the text first). */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

/**
 * A headline from ts_headline, with HIT_START/HIT_END around each hit, as plain text and hit
 * positions; an ellipsis marks where the passage starts after or ends before its source text.
 */
export function readHeadline(
  source: CallSnippet['source'],
  headline: string,
  fullText: string,
): CallSnippet {
  let text = '';
  const highlights: TextHit[] = [];
  let start: number | null = null;
  for (const char of headline) {
    if (char === HIT_START) start = text.length;
    else if (char === HIT_END) {
      if (start !== null && text.length > start) highlights.push([start, text.length]);
      start = null;
    } else text += char;
  }
  // ts_headline leaves out what follows the last word (a full stop, a closing quote): put back
  // what stands around the passage in its source unless words do, and mark the cut otherwise.
  const trimmed = text.trim();
  let shifted = highlights.map(([from, to]): TextHit => [
    from - (text.length - text.trimStart().length),
    to - (text.length - text.trimStart().length),
  ]);
  const at = fullText.indexOf(trimmed);
  if (at < 0) return { source, text: trimmed, highlights: shifted };
  const before = fullText.slice(0, at);
  const after = fullText.slice(at + trimmed.length);
  const lead = WORDS.test(before) ? '… ' : before.trimStart();
  const tail = WORDS.test(after) ? ' …' : after.trimEnd();
  shifted = shifted.map(([from, to]): TextHit => [from + lead.length, to + lead.length]);
  const result = `${lead}${trimmed}${tail}`;
  return { source, text: result, highlights: shifted };
}

/** ts_headline's settings: one passage short enough for the list's two lines, hits marked. */
const HEADLINE_SETTINGS = [
  `StartSel=${HIT_START}`,
  `StopSel=${HIT_END}`,
  'MaxWords=12',
  'MinWords=5',
  'ShortWord=1',
  'MaxFragments=1',
].join(', ');

/**
 * The most matches a search fetches as ids (docs/search.md, "Search"): up to this many, the
 * list reads just those calls; a search matching more is common enough for the list's own index
 * walk to meet a page of them soon.
 */
export const SEARCH_MATCH_LIMIT = 2_000;

/**
 * The list's scope with its search made ready: PostgreSQL's words for it, its phone numbers in
 * the organisation's country, and the text-search queries. Every list query with a `q` takes it.
 */
export async function prepareListScope(
  tx: Tx,
  scope: { organisationId: string; userId: string },
  filters: { q?: string | undefined },
  matchLimit = SEARCH_MATCH_LIMIT,
): Promise<ListScope> {
  const q = filters.q?.trim();
  if (!q) return { ...scope, search: null };
  const text = splitSearch(q);
  const found = await readSearchWords(tx, scope.organisationId, text);
  const numbers = phoneSearchNumbers(q, found.phone_country);
  const tsquery = buildTsquery(found.words, found.phrases, numbers, found.last);
  return {
    ...scope,
    search: {
      text: q,
      tsquery,
      anyTsquery: buildAnyTsquery(found.words, numbers),
      terms: { words: found.words, numbers },
      matches:
        tsquery === null
          ? { calls: [], notes: [] }
          : await searchMatches(tx, { tsquery, text: q }, matchLimit),
    },
  };
}

/**
 * A snippet for each of the page's calls whose passages hold the search (null for the others):
 * a note's mentions read as the colleagues' names, as the call page shows them.
 */
export async function searchSnippets(
  tx: Tx,
  organisationId: string,
  search: PreparedSearch,
  callIds: readonly string[],
): Promise<Map<string, CallSnippet>> {
  const snippets = new Map<string, CallSnippet>();
  if (search.tsquery === null || search.anyTsquery === null || callIds.length === 0) {
    return snippets;
  }
  const sources = await selectSnippetSources(tx, organisationId, callIds, {
    tsquery: search.tsquery,
    anyTsquery: search.anyTsquery,
  });
  const mentioned = [
    ...new Set(
      sources.flatMap((found) => (found.source === 'note' ? mentionedIds(found.text) : [])),
    ),
  ];
  const names = new Map(
    (mentioned.length > 0 ? await selectMemberNames(tx, organisationId, mentioned) : []).map(
      (member) => [member.id, member.name],
    ),
  );
  const texts = sources.map((found) =>
    found.source === 'note'
      ? splitMentions(found.text)
          .map((part) =>
            part.kind === 'text' ? part.text : `@${names.get(part.userId) ?? 'former colleague'}`,
          )
          .join('')
      : found.text,
  );
  // A passage with the whole search is cut around all its words (the words together); one with
  // only some, around any of them.
  const { tsquery, anyTsquery } = search;
  const headlines = await selectHeadlines(
    tx,
    sources.map((found, index) => ({
      text: texts[index] ?? '',
      query: found.whole ? tsquery : anyTsquery,
    })),
    { markers: [HIT_START, HIT_END], settings: HEADLINE_SETTINGS },
  );
  sources.forEach((found, index) => {
    const headline = headlines[index];
    const fullText = texts[index];
    if (headline !== undefined && fullText !== undefined) {
      snippets.set(found.call_id, readHeadline(found.source, headline, fullText));
    }
  });
  return snippets;
}
