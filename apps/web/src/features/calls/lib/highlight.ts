// Marking a search's hits in text (docs/search.md, "Search"). Hits are [start, end) positions in
// UTF-16 code units, as the API's snippets carry them (packages/contract/src/call-search.ts);
// the text is split at them and each hit rendered as <mark> (components/highlighted-text.tsx),
// so nothing from a call is ever read as markup. The list marks the caller's name and number
// and shows the server's snippets; the call page marks the transcript.
import type { TextHit } from '@callboard/contract';

export type { TextHit };

export interface TextSegment {
  text: string;
  hit: boolean;
}

/** Letters and digits, as PostgreSQL's text-search parser reads words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The hits sorted, clamped to the text and merged where they touch or overlap; empty and
 * out-of-range hits are dropped, so a snippet from an older server cannot break the page.
 */
export function normaliseHits(length: number, hits: readonly TextHit[]): TextHit[] {
  const clamped = hits
    .map(([start, end]): TextHit => [Math.max(0, start), Math.min(length, end)])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: TextHit[] = [];
  for (const hit of clamped) {
    const last = merged.at(-1);
    if (last && hit[0] <= last[1]) last[1] = Math.max(last[1], hit[1]);
    else merged.push([hit[0], hit[1]]);
  }
  return merged;
}

/** The text cut at its hits, in order; joined back, the segments are the text. */
export function splitHighlights(text: string, hits: readonly TextHit[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of normaliseHits(text.length, hits)) {
    if (start > at) segments.push({ text: text.slice(at, start), hit: false });
    segments.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) {
    segments.push({ text: text.slice(at), hit: false });
  }
  return segments;
}

/**
 * A search's words, as the server matches them: lower-case runs of letters and digits, each
 * the start of a word ("chur" finds "Church"). Quotes and punctuation are not words.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(WORD) ?? [];
  return [...new Set(words)];
}

/**
 * Every word of `text` that starts with one of `words` (lower case, as searchWords gives them),
 * marked whole, as the server's snippets mark them.
 */
export function findWordHits(text: string, words: readonly string[]): TextHit[] {
  if (words.length === 0) return [];
  const hits: TextHit[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (words.some((term) => term !== '' && word.startsWith(term))) {
      hits.push([match.index, match.index + match[0].length]);
    }
  }
  return hits;
}

/**
 * Where one of `numbers` (digit strings) occurs among the digits of `text`, whatever separates
 * them: "7700499194" in "+44 7700 499194". The hit runs from its first digit to its last.
 */
export function findDigitHits(text: string, numbers: readonly string[]): TextHit[] {
  const positions: number[] = [];
  let digits = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char >= '0' && char <= '9') {
      positions.push(index);
      digits += char;
    }
  }
  const hits: TextHit[] = [];
  for (const number of numbers) {
    if (number === '' || !/^\d+$/u.test(number)) continue;
    for (let from = digits.indexOf(number); from !== -1; from = digits.indexOf(number, from + 1)) {
      const first = positions[from];
      const last = positions[from + number.length - 1];
      if (first !== undefined && last !== undefined) hits.push([first, last + 1]);
    }
  }
  return normaliseHits(text.length, hits);
}

// Term highlighting for the call page's own transcript search: every occurrence of each term,
// anywhere in a word, ignoring case.

export interface HighlightSegment {
  text: string;
  hit: boolean;
}

const MAX_TERMS = 20;

function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The words of a search, as terms to highlight ("  refund   policy " → refund, policy). */
export function searchTerms(query: string): string[] {
  const words = query
    .split(/\s+/u)
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** `text` cut into hit and non-hit segments; joined back together they give `text` again. */
export function highlightSegments(text: string, terms: readonly string[]): HighlightSegment[] {
  const usable = [...new Set(terms.filter((term) => term.length > 0))];
  if (usable.length === 0 || text.length === 0) return text ? [{ text, hit: false }] : [];
  // Each term on its own, so that overlapping hits ("abc" and "bcd" in "abcd") are all found.
  const found: [number, number][] = [];
  for (const term of usable) {
    for (const match of text.matchAll(new RegExp(escapeRegExp(term), 'giu'))) {
      found.push([match.index, match.index + match[0].length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: [number, number][] = [];
  for (const [start, end] of found) {
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  const segments: HighlightSegment[] = [];
  let position = 0;
  for (const [start, end] of ranges) {
    if (start > position) segments.push({ text: text.slice(position, start), hit: false });
    segments.push({ text: text.slice(start, end), hit: true });
    position = end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), hit: false });
  return segments;
}

/** How many hits `text` has for `terms`. */
export function countHits(text: string, terms: readonly string[]): number {
  return highlightSegments(text, terms).filter((segment) => segment.hit).length;
}
