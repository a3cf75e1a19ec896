import { describe, expect, it } from 'vitest';
import {
  figureChange,
  FIGURES,
  formatDurationWords,
  formatFigure,
  type FigureDefinition,
  type FigureKey,
} from './figures.ts';

function definition(key: FigureKey): FigureDefinition {
  const found = FIGURES.find((figure) => figure.key === key);
  if (!found) throw new Error(key);
  return found;
}

describe('formatFigure', () => {
  it('writes counts with separators, durations in words and shares as percentages', () => {
    expect(formatFigure(1913, 'count')).toBe((1913).toLocaleString());
    expect(formatFigure(0, 'count')).toBe('0');
    expect(formatFigure(0.12415, 'share')).toMatch(/^12[.,]4\s?%$/u);
    expect(formatFigure(null, 'duration')).toBe('—');
    expect(formatFigure(377.4, 'duration')).toBe('6 min 17 s');
  });

  it.each([
    [0, '0 s'],
    [42, '42 s'],
    [60, '1 min'],
    [321, '5 min 21 s'],
    [3600, '1 h'],
    [8040, '2 h 14 min'],
    [30_177, '8 h 22 min'],
    [86_400 * 3 + 3600 * 4 + 59, '3 d 4 h'],
    [-5, '0 s'],
  ])('durations: %s s is "%s"', (seconds, words) => {
    expect(formatDurationWords(seconds)).toBe(words);
  });
});

describe('figureChange', () => {
  it('colours a change by whether it is good news for that figure', () => {
    expect(figureChange({ value: 150, previous: 100 }, definition('callsClosed'))).toMatchObject({
      direction: 'up',
      tone: 'good',
      label: '+50%',
    });
    expect(figureChange({ value: 150, previous: 100 }, definition('openBacklog'))).toMatchObject({
      direction: 'up',
      tone: 'bad',
    });
    expect(figureChange({ value: 60, previous: 100 }, definition('openBacklog'))).toMatchObject({
      direction: 'down',
      tone: 'good',
      label: '−40%',
    });
    expect(
      figureChange({ value: 7200, previous: 3600 }, definition('medianTimeToCloseSeconds')),
    ).toMatchObject({ direction: 'up', tone: 'bad', label: '+100%' });
    // Neither more nor fewer calls is good or bad in itself.
    expect(figureChange({ value: 886, previous: 955 }, definition('callsReceived'))).toMatchObject({
      direction: 'down',
      tone: 'neutral',
      label: '−7.2%',
    });
  });

  it('says the change in words', () => {
    expect(figureChange({ value: 117, previous: 304 }, definition('callsClosed')).description).toBe(
      'Down 62% from 304 in the previous period',
    );
    expect(figureChange({ value: 100, previous: 100 }, definition('callsClosed'))).toMatchObject({
      direction: 'flat',
      tone: 'neutral',
      description: expect.stringMatching(/^No change/u) as unknown,
    });
  });

  it('compares shares in percentage points', () => {
    expect(
      figureChange({ value: 0.124, previous: 0.128 }, definition('negativeShare')),
    ).toMatchObject({ direction: 'down', tone: 'good', label: '−0.4 pts' });
    expect(figureChange({ value: 0.2, previous: 0 }, definition('negativeShare'))).toMatchObject({
      direction: 'up',
      tone: 'bad',
      label: '+20 pts',
    });
  });

  it('stays grey when there is nothing to compare with', () => {
    for (const figure of [
      { value: 12, previous: 0 },
      { value: 12, previous: null },
      { value: null, previous: 30 },
    ]) {
      expect(figureChange(figure, definition('callsClosed'))).toMatchObject({
        direction: 'none',
        tone: 'neutral',
        label: '—',
      });
    }
  });
});
