// Marks search hits in text: splits it into hit and non-hit segments for the given terms, so the
// screen wraps hits in <mark> as elements (never HTML from a string). Matching ignores case;
// overlapping or touching hits merge into one.

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
