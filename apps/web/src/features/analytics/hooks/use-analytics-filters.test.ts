import { describe, expect, it } from 'vitest';
import {
  customRangeFrom,
  DEFAULT_ANALYTICS_FILTERS,
  parseAnalyticsFilters,
  resolveRange,
  serializeAnalyticsFilters,
  type AnalyticsFilters,
} from './use-analytics-filters.ts';

const parse = (search: string) => parseAnalyticsFilters(new URLSearchParams(search));
const NOW = Date.parse('2026-11-21T22:21:16.500Z');

describe('parseAnalyticsFilters', () => {
  it('defaults to the last 30 days and every agent', () => {
    expect(parse('')).toEqual(DEFAULT_ANALYTICS_FILTERS);
    expect(DEFAULT_ANALYTICS_FILTERS.range).toEqual({ kind: 'preset', days: 30 });
  });

  it('reads presets, a custom range and the agent', () => {
    expect(parse('range=7d').range).toEqual({ kind: 'preset', days: 7 });
    expect(parse('range=90d&agent=nw-agent-2')).toEqual({
      range: { kind: 'preset', days: 90 },
      agentId: 'nw-agent-2',
    });
    expect(parse('range=custom&from=2026-11-01&to=2026-11-15').range).toEqual({
      kind: 'custom',
      from: '2026-11-01',
      to: '2026-11-15',
    });
  });

  it.each([
    ['range=14d', { range: { kind: 'preset', days: 30 } }],
    ['range=custom&from=2026-02-30&to=soon', { range: { kind: 'custom', from: null, to: null } }],
    ['agent=%20', { agentId: null }],
    [`agent=${'x'.repeat(201)}`, { agentId: null }],
  ])('falls back for %s', (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it('round-trips through the URL, writing only what differs from the defaults', () => {
    const cases: AnalyticsFilters[] = [
      DEFAULT_ANALYTICS_FILTERS,
      { range: { kind: 'preset', days: 7 }, agentId: 'nw-agent-1' },
      { range: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, agentId: null },
    ];
    for (const filters of cases) {
      expect(parse(serializeAnalyticsFilters(filters).toString())).toEqual(filters);
    }
    expect(serializeAnalyticsFilters(DEFAULT_ANALYTICS_FILTERS).toString()).toBe('');
    expect(serializeAnalyticsFilters(cases[2] ?? DEFAULT_ANALYTICS_FILTERS).toString()).toBe(
      'range=custom&from=2026-10-01&to=2026-10-31',
    );
  });
});

describe('resolveRange', () => {
  it('ends a preset now, rounded up to the minute, and starts it N × 24 hours before', () => {
    for (const days of [7, 30, 90] as const) {
      const resolved = resolveRange({ kind: 'preset', days }, NOW, 'Europe/London');
      expect(resolved).toEqual({
        ok: true,
        period: {
          from: new Date(Date.parse('2026-11-21T22:22:00Z') - days * 86_400_000).toISOString(),
          to: '2026-11-21T22:22:00.000Z',
        },
      });
    }
    // The same minute gives the same period (one cache entry, links that agree).
    expect(resolveRange({ kind: 'preset', days: 7 }, NOW + 20_000, 'UTC')).toEqual(
      resolveRange({ kind: 'preset', days: 7 }, NOW, 'UTC'),
    );
  });

  it('refuses a custom range that starts or ends after today, saying why', () => {
    // NOW is 21 November, 22:21 UTC: still the 21st in London, already the 22nd in Auckland.
    expect(
      resolveRange({ kind: 'custom', from: '2026-11-22', to: '2026-11-30' }, NOW, 'Europe/London'),
    ).toEqual({ ok: false, message: 'Choose days up to today: there are no calls after it yet.' });
    expect(
      resolveRange({ kind: 'custom', from: '2026-11-01', to: '2026-11-22' }, NOW, 'Europe/London'),
    ).toEqual({ ok: false, message: 'Choose days up to today: there are no calls after it yet.' });
    expect(
      resolveRange(
        { kind: 'custom', from: '2026-11-01', to: '2026-11-22' },
        NOW,
        'Pacific/Auckland',
      ).ok,
    ).toBe(true);
  });

  it('ends a custom range that includes today now, so it compares with as long a period before', () => {
    expect(
      resolveRange({ kind: 'custom', from: '2026-11-15', to: '2026-11-21' }, NOW, 'UTC'),
    ).toEqual({
      ok: true,
      period: { from: '2026-11-15T00:00:00.000Z', to: '2026-11-21T22:22:00.000Z' },
    });
  });

  it('covers whole local days of a custom range, DST-safe', () => {
    expect(
      resolveRange({ kind: 'custom', from: '2026-11-01', to: '2026-11-15' }, NOW, 'UTC'),
    ).toEqual({
      ok: true,
      period: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-16T00:00:00.000Z' },
    });
    // London's clocks go forward on 29 March: that day is 23 hours long.
    expect(
      resolveRange({ kind: 'custom', from: '2026-03-29', to: '2026-03-29' }, NOW, 'Europe/London'),
    ).toEqual({
      ok: true,
      period: { from: '2026-03-29T00:00:00.000Z', to: '2026-03-29T23:00:00.000Z' },
    });
    expect(
      resolveRange(
        { kind: 'custom', from: '2026-10-01', to: '2026-10-31' },
        NOW,
        'America/New_York',
      ),
    ).toEqual({
      ok: true,
      period: { from: '2026-10-01T04:00:00.000Z', to: '2026-11-01T04:00:00.000Z' },
    });
  });

  it('says what is wrong with a custom range instead of asking for it', () => {
    expect(resolveRange({ kind: 'custom', from: null, to: '2026-11-01' }, NOW, 'UTC')).toEqual({
      ok: false,
      message: 'Choose a first and a last day.',
    });
    expect(
      resolveRange({ kind: 'custom', from: '2026-11-02', to: '2026-11-01' }, NOW, 'UTC'),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/on or before/u) as unknown });
    expect(
      resolveRange({ kind: 'custom', from: '2025-01-01', to: '2026-01-01' }, NOW, 'UTC'),
    ).toMatchObject({ ok: false, message: 'Choose at most 365 days.' });
    expect(
      resolveRange({ kind: 'custom', from: '2025-01-01', to: '2025-12-31' }, NOW, 'UTC').ok,
    ).toBe(true);
  });
});

describe('customRangeFrom', () => {
  it('starts a custom range on the days the preset showed', () => {
    expect(customRangeFrom({ kind: 'preset', days: 7 }, NOW, 'UTC')).toEqual({
      kind: 'custom',
      from: '2026-11-15',
      to: '2026-11-21',
    });
    // 22:21 UTC is already the 22nd in Tokyo.
    expect(customRangeFrom({ kind: 'preset', days: 30 }, NOW, 'Asia/Tokyo')).toEqual({
      kind: 'custom',
      from: '2026-10-24',
      to: '2026-11-22',
    });
    expect(
      customRangeFrom({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, NOW, 'UTC'),
    ).toEqual({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' });
  });
});
