import { describe, expect, it } from 'vitest';
import { countHits, highlightSegments, searchTerms } from './highlight.ts';

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
