// Marking a search's hits (docs/search.md, "Search").
import { describe, expect, it } from 'vitest';
import {
  countHits,
  findDigitHits,
  findWordHits,
  highlightSegments,
  normaliseHits,
  searchTerms,
  searchWords,
  splitHighlights,
} from './highlight.ts';

describe('highlight', () => {
  it('cuts text at its hits, and joins back to the same text', () => {
    const text = 'Water leak on Church Lane';
    const segments = splitHighlights(text, [
      [14, 20],
      [21, 25],
    ]);
    expect(segments).toEqual([
      { text: 'Water leak on ', hit: false },
      { text: 'Church', hit: true },
      { text: ' ', hit: false },
      { text: 'Lane', hit: true },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(splitHighlights('', [])).toEqual([{ text: '', hit: false }]);
  });

  it('sorts, merges and clamps hits, and drops empty ones', () => {
    expect(
      normaliseHits(10, [
        [6, 20],
        [0, 2],
        [1, 3],
        [4, 4],
        [-5, 0],
      ]),
    ).toEqual([
      [0, 3],
      [6, 10],
    ]);
  });

  it("reads a search's words as the server does: lower case, letters and digits only", () => {
    expect(searchWords('  "Church  LANE" & chur:* !')).toEqual(['church', 'lane', 'chur']);
    expect(searchWords("O'Brien")).toEqual(['o', 'brien']);
    expect(searchWords('Zoë 07700')).toEqual(['zoë', '07700']);
    expect(searchWords('&:*!')).toEqual([]);
  });

  it('marks whole words that start with a search word, in any case', () => {
    const text = 'Lanes closed near church; CHURCHILL Road.';
    expect(findWordHits(text, ['church', 'lane'])).toEqual([
      [0, 5],
      [18, 24],
      [26, 35],
    ]);
    // Inside a word is not the start of one.
    expect(findWordHits('Birchurch', ['church'])).toEqual([]);
    expect(findWordHits(text, [])).toEqual([]);
  });

  it('finds a number among the digits of a phone number, whatever separates them', () => {
    expect(findDigitHits('+44 7700 499194', ['7700499194'])).toEqual([[4, 15]]);
    expect(findDigitHits('+447700499194', ['447700499194', '7700499194'])).toEqual([[1, 13]]);
    expect(findDigitHits('(07700) 499-194', ['07700499194'])).toEqual([[1, 15]]);
    expect(findDigitHits('+447700499194', ['12345', '', 'abc'])).toEqual([]);
  });
});

describe('searchTerms', () => {
  it('splits a search into distinct words', () => {
    expect(searchTerms('  refund   policy refund ')).toEqual(['refund', 'policy']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('highlightSegments', () => {
  it('marks every hit, ignoring case, and gives the text back whole', () => {
    const segments = highlightSegments('Refund? The refund was REFUNDED.', ['refund']);
    expect(segments).toEqual([
      { text: 'Refund', hit: true },
      { text: '? The ', hit: false },
      { text: 'refund', hit: true },
      { text: ' was ', hit: false },
      { text: 'REFUND', hit: true },
      { text: 'ED.', hit: false },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(
      'Refund? The refund was REFUNDED.',
    );
  });

  it('prefers the longer term and merges overlapping hits', () => {
    expect(highlightSegments('a pipeline', ['pipe', 'pipeline'])).toEqual([
      { text: 'a ', hit: false },
      { text: 'pipeline', hit: true },
    ]);
    expect(highlightSegments('abcd', ['abc', 'bcd'])).toEqual([{ text: 'abcd', hit: true }]);
  });

  it('treats search text literally, never as a pattern', () => {
    expect(highlightSegments('cost (est.) £45.00', ['(est.)', '.00'])).toEqual([
      { text: 'cost ', hit: false },
      { text: '(est.)', hit: true },
      { text: ' £45', hit: false },
      { text: '.00', hit: true },
    ]);
    expect(highlightSegments('a.b', ['.*'])).toEqual([{ text: 'a.b', hit: false }]);
  });

  it('leaves text without terms or hits as one plain segment', () => {
    expect(highlightSegments('hello', [])).toEqual([{ text: 'hello', hit: false }]);
    expect(highlightSegments('hello', [''])).toEqual([{ text: 'hello', hit: false }]);
    expect(highlightSegments('hello', ['bye'])).toEqual([{ text: 'hello', hit: false }]);
    expect(highlightSegments('', ['a'])).toEqual([]);
  });

  it('counts hits', () => {
    expect(countHits('Friday at nine, friday at ten', ['friday', 'ten'])).toBe(3);
  });
});
