// A saved view's query: checked with the call list's own rules and kept in one normal form, so
// that the list can tell which view it shows (docs/search.md, "Saved views").
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEWS,
  formatSearch,
  isViewShown,
  normaliseViewQuery,
  parseSearch,
  viewSearch,
} from './saved-views.ts';

const normal = (raw: string) => {
  const result = normaliseViewQuery(raw);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.view;
};

describe('normaliseViewQuery', () => {
  it('names the tab, orders the filters as the list does, and drops the page', () => {
    expect(normal('')).toEqual({ query: 'status=open', columns: null });
    expect(normal('?page=4&sentiment=negative&assignee=me')).toEqual({
      query: 'status=open&assignee=me&sentiment=negative',
      columns: null,
    });
    expect(normal('sort=-ended&status=all&q=  Ada  &cols=caller,summary').query).toBe(
      'status=all&q=Ada',
    );
    expect(normal('cols=caller,summary').columns).toEqual(['caller', 'summary']);
    expect(normal('sort=duration&pageSize=050&loadAll=1').query).toBe(
      'status=open&pageSize=50&loadAll=true&sort=duration',
    );
    // An empty value is a filter not set, as the list reads it.
    expect(normal('q=&agent=').query).toBe('status=open');
  });

  it('keeps the built-in views in normal form', () => {
    for (const view of DEFAULT_VIEWS) expect(normal(view.query).query).toBe(view.query);
  });

  it('refuses what the list would drop, naming each problem', () => {
    const result = normaliseViewQuery('assignee=someone&hour=25&sort=up&status=open&status=all');
    expect(result).toEqual({
      ok: false,
      problems: [
        'status is given more than once',
        'assignee is not valid',
        'hour must be a whole number from 0 to 23',
        'sort must be one of ended, -ended, duration, -duration, caller, -caller, agent, -agent, assignee, -assignee, status, -status',
      ],
    });
  });
});

describe('isViewShown', () => {
  const mine = { query: 'status=open&assignee=me', columns: null };
  it('matches the list URL whatever its order, page or default tab', () => {
    expect(isViewShown('assignee=me', mine)).toBe(true);
    expect(isViewShown('?page=2&assignee=me&status=open', mine)).toBe(true);
    expect(isViewShown('assignee=me&status=all', mine)).toBe(false);
    expect(isViewShown('assignee=me&sentiment=negative', mine)).toBe(false);
  });

  it('matches columns only where the view names its own', () => {
    const withColumns = { query: 'status=open', columns: ['caller', 'status'] };
    expect(isViewShown('cols=caller,status', withColumns)).toBe(true);
    expect(isViewShown('', withColumns)).toBe(false);
    expect(isViewShown('cols=caller', { query: 'status=open', columns: null })).toBe(true);
    expect(viewSearch(withColumns)).toBe('status=open&cols=caller%2Cstatus');
  });
});

describe('search strings', () => {
  it('read and write as URLSearchParams does', () => {
    const text = 'q=O%27Brien+%26+sons&from=2026-05-01T00%3A00%3A00.000Z';
    expect(parseSearch(text)).toEqual([
      ['q', "O'Brien & sons"],
      ['from', '2026-05-01T00:00:00.000Z'],
    ]);
    // As URLSearchParams writes them: spaces as +, and !'()~ escaped.
    expect(formatSearch([['q', "O'Brien & sons (ltd)!"]])).toBe(
      'q=O%27Brien+%26+sons+%28ltd%29%21',
    );
    expect(parseSearch('q=%E0%A4%A')).toBeNull();
  });
});
