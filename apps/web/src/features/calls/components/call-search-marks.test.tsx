// @vitest-environment jsdom
// A search's hits in the call list and on the call page (docs/search.md, "Search"): the
// server's snippet in the summary column with its hits as <mark>, the caller's name and number
// marked with the terms searched for, text that looks like markup shown as text, and the call
// link keeping q so the call page marks the transcript.
import type { CallListItem } from '@callboard/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fake-fetch.ts';
import { AGENTS, MEMBERS } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { callList, callSummary } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

const organisationRoutes = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
};

beforeEach(() => {
  stubResizeObserver();
  signInAs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const marks = (element: HTMLElement) =>
  [...element.querySelectorAll('mark')].map((mark) => mark.textContent);

describe('search marks', () => {
  it('shows the snippet with its hits marked, and marks the caller and number', async () => {
    const snippetText = '… building on <b>Church</b> Lane <img src=x onerror=alert(1)> …';
    const start = snippetText.indexOf('Church');
    const rows: CallListItem[] = [
      {
        ...callSummary({
          call_id: 'call_a',
          caller_name: 'Lane Chapman',
          from_number: '+447700499194',
          summary: 'Moved an appointment.',
        }),
        snippet: {
          source: 'transcript',
          text: snippetText,
          highlights: [
            [start, start + 'Church'.length],
            [snippetText.indexOf('Lane'), snippetText.indexOf('Lane') + 4],
          ],
        },
      },
      {
        ...callSummary({ call_id: 'call_b', caller_name: 'Rhys Walker', summary: 'Lane closed.' }),
        snippet: null,
      },
    ];
    renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () =>
          jsonResponse({
            ...callList(rows),
            search: { words: ['church', 'lane'], numbers: ['07700499194', '447700499194'] },
          }),
      },
      '/dashboard?q=church+lane+07700499194',
    );
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('rows missing');
    expect(within(first).getByText('Transcript:')).toBeTruthy();
    expect(marks(first)).toEqual(['Lane', '447700499194', 'Church', 'Lane']);
    // What looks like markup in a call is text.
    expect(first.querySelector('img, b')).toBeNull();
    expect(first.textContent).toContain('<img src=x onerror=alert(1)>');
    // No snippet: the summary, its words marked.
    expect(marks(second)).toEqual(['Lane']);
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      '/call/call_a?q=church+lane+07700499194',
    );
  });
});
