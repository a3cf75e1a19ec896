// @vitest-environment jsdom
// The call page as a place to work: the recording driven from the transcript (seek, current turn,
// speed), the transcript search, previous/next through the list view, Esc back, copy.
import type { CallDetail } from '@callboard/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { jsonResponse } from '../../../testing/fake-fetch.ts';
import { MEMBERS } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { callDetail, callList, callSummary } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

const membersRoute = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: [] }),
};

const RECORDED: CallDetail = callDetail({
  call_id: 'call_0002',
  caller_name: 'Priya Shah',
  recording_url: '/demo-recordings/northwind-appointment.oga',
  transcript: [
    { speaker: 'agent', text: 'Good morning, this is Aria.', at_seconds: 0 },
    { speaker: 'caller', text: 'I need to move my blood test on Thursday.', at_seconds: 5 },
    { speaker: 'agent', text: 'I can offer Friday at ten past nine.', at_seconds: 20 },
    { speaker: 'caller', text: 'Friday at nine is perfect.', at_seconds: 27 },
  ],
});

function detail(callId: string, caller: string): CallDetail {
  return callDetail({ call_id: callId, caller_name: caller });
}

const ROWS = [
  callSummary({ call_id: 'call_0001', caller_name: 'Amelia Campbell' }),
  callSummary({ call_id: 'call_0002', caller_name: 'Priya Shah' }),
  callSummary({ call_id: 'call_0003', caller_name: 'Tom Brennan' }),
];

function callRoutes() {
  return {
    ...membersRoute,
    'GET /api/v1/calls/call_0001': () => jsonResponse(detail('call_0001', 'Amelia Campbell')),
    'GET /api/v1/calls/call_0002': () => jsonResponse(RECORDED),
    'GET /api/v1/calls/call_0003': () => jsonResponse(detail('call_0003', 'Tom Brennan')),
  };
}

let audioTimes: WeakMap<HTMLMediaElement, number>;
let play: MockInstance<HTMLMediaElement['play']>;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  stubResizeObserver();
  signInAs();
  // jsdom has no media playback: play and pause announce themselves, the position is kept.
  audioTimes = new WeakMap();
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('pause'));
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return audioTimes.get(this) ?? 0;
    },
    set(this: HTMLMediaElement, value: number) {
      audioTimes.set(this, value);
    },
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function audio(): HTMLAudioElement {
  const element = document.querySelector('audio');
  if (!element) throw new Error('no audio element');
  return element;
}

describe('the recording, driven from the transcript', () => {
  it('seeks and plays from a turn, marks the turn being played, and changes speed', async () => {
    const { user } = renderCalls(callRoutes(), '/call/call_0002');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    expect(transcript.querySelector('[aria-current]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play from 0:20' }));
    expect(audio().currentTime).toBe(20);
    expect(play).toHaveBeenCalledTimes(1);
    const current = transcript.querySelector('li[aria-current="true"]');
    expect(current?.textContent).toContain('I can offer Friday');
    expect(current?.textContent).toContain('Playing');

    // Playback moves on: the next turn becomes the current one.
    act(() => {
      audio().currentTime = 28;
      fireEvent.timeUpdate(audio());
    });
    expect(transcript.querySelector('li[aria-current="true"]')?.textContent).toContain(
      'Friday at nine is perfect.',
    );

    await user.click(screen.getByRole('radio', { name: '1.5×' }));
    expect(audio().playbackRate).toBe(1.5);
    await user.click(screen.getByRole('radio', { name: '2×' }));
    expect(audio().playbackRate).toBe(2);
  });

  it('shows plain times, not buttons, for a call without a recording', async () => {
    renderCalls(callRoutes(), '/call/call_0001');
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(screen.queryByRole('button', { name: /^Play from/u })).toBeNull();
    expect(document.querySelector('audio')).toBeNull();
    expect(screen.getByRole('list', { name: 'Transcript' }).textContent).toContain('1:05');
  });
});

describe('the transcript search', () => {
  it('highlights hits and steps through them with Enter and Shift+Enter', async () => {
    const { user } = renderCalls(callRoutes(), '/call/call_0002');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    const search = screen.getByRole('searchbox', { name: 'Search the transcript' });
    const transcript = screen.getByRole('list', { name: 'Transcript' });

    await user.type(search, 'FRIDAY');
    expect(within(transcript).getAllByText('Friday', { selector: 'mark' })).toHaveLength(2);
    expect(screen.getByText('1 of 2')).toBeTruthy();
    const active = () => transcript.querySelector('mark[data-active-hit]')?.closest('li');
    expect(active()?.textContent).toContain('I can offer');

    await user.keyboard('{Enter}');
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect(active()?.textContent).toContain('perfect');
    await user.keyboard('{Enter}');
    expect(screen.getByText('1 of 2')).toBeTruthy();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByText('2 of 2')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'refund');
    expect(screen.getByText('No matches')).toBeTruthy();
    expect(transcript.querySelector('mark')).toBeNull();
  });

  it('starts from the search the call was found with (?q=)', async () => {
    renderCalls(callRoutes(), '/call/call_0002?q=blood%20test');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    expect(screen.getByRole('searchbox', { name: 'Search the transcript' })).toHaveProperty(
      'value',
      'blood test',
    );
    const marks = screen.getByRole('list', { name: 'Transcript' }).querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['blood', 'test']);
  });
});

describe('previous and next call in the list view', () => {
  const list = (rows = ROWS) => ({
    'GET /api/v1/calls': () => jsonResponse(callList(rows)),
  });

  it('steps with ] and [, says why at the ends, and never while typing', async () => {
    const { user, router } = renderCalls(
      { ...callRoutes(), ...list() },
      { pathname: '/call/call_0002', state: { listSearch: '?status=all' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    expect(await screen.findByText('Call 2 of 3')).toBeTruthy();
    await user.keyboard(']');
    await screen.findByRole('heading', { level: 1, name: 'Tom Brennan' });
    expect(router.state.location.pathname).toBe('/call/call_0003');
    expect(router.state.location.state).toEqual({ listSearch: '?status=all', historyBack: true });
    expect(await screen.findByText('Call 3 of 3')).toBeTruthy();

    // The last call: nothing after it, and the page says so.
    const next = screen.getByRole('button', { name: /^Next call/u });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-label')).toBe('Next call: This is the last call in the list');
    await user.keyboard(']');
    expect(
      await screen.findByText('This is the last call in the list', { selector: 'p' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/call/call_0003');

    // Typing a note is not a shortcut.
    await user.type(screen.getByLabelText('Add a note'), '[[');
    expect(router.state.location.pathname).toBe('/call/call_0003');

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('[[');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    await user.click(screen.getByRole('button', { name: /^Previous call/u }));
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(
      screen.getByRole('button', { name: /^Previous call/u }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('crosses to the next page of the view at the last row', async () => {
    const requests: string[] = [];
    const { user, router } = renderCalls(
      {
        ...callRoutes(),
        'GET /api/v1/calls': (request) => {
          const page = request.query.get('page');
          requests.push(page ?? '');
          return page === '2'
            ? jsonResponse(callList([ROWS[2] ?? callSummary()], { page: 2, pageSize: 2, total: 3 }))
            : jsonResponse(callList(ROWS.slice(0, 2), { pageSize: 2, total: 3 }));
        },
      },
      { pathname: '/call/call_0002', state: { listSearch: '?status=all&pageSize=2' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    expect(await screen.findByText('Call 2 of 3')).toBeTruthy();
    await waitFor(() => expect(requests).toContain('2'));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /^Next call/u }).getAttribute('aria-disabled'),
      ).toBeNull(),
    );

    await user.keyboard(']');
    await screen.findByRole('heading', { level: 1, name: 'Tom Brennan' });
    // The view moved to page 2, so going back is a link to that page, not history's Back.
    expect(router.state.location.state).toEqual({
      listSearch: '?status=all&page=2&pageSize=2',
      historyBack: false,
    });
    expect(screen.getByRole('link', { name: /Back to calls/u }).getAttribute('href')).toBe(
      '/dashboard?status=all&page=2&pageSize=2',
    );
    expect(await screen.findByText('Call 3 of 3')).toBeTruthy();
  });

  it('keeps its neighbours when the call leaves the view (closed on the Open tab)', async () => {
    let rows = ROWS;
    const { user, queryClient } = renderCalls(
      { ...callRoutes(), 'GET /api/v1/calls': () => jsonResponse(callList(rows)) },
      { pathname: '/call/call_0002', state: { listSearch: '' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    expect(await screen.findByText('Call 2 of 3')).toBeTruthy();
    rows = [ROWS[0] ?? callSummary(), ROWS[2] ?? callSummary()];
    await act(() => queryClient.invalidateQueries({ queryKey: ['calls', 'list'] }));
    await waitFor(() => expect(screen.queryByText('Call 2 of 3')).toBeNull());

    await user.keyboard(']');
    await screen.findByRole('heading', { level: 1, name: 'Tom Brennan' });
  });

  it('is not offered for a call opened from a link, and Esc goes back to the list', async () => {
    const { user, router } = renderCalls({ ...callRoutes(), ...list() }, '/call/call_0001');
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(screen.queryByRole('navigation', { name: 'Calls in this list' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('Esc returns to the list view it came from, but not while a menu is open', async () => {
    const { user, router } = renderCalls({ ...callRoutes(), ...list() }, '/dashboard?status=all');
    await screen.findAllByText('Priya Shah');
    await act(() => router.navigate('/call/call_0002', { state: { listSearch: '?status=all' } }));
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });

    await user.click(screen.getByRole('button', { name: /^Assignee/u }));
    await screen.findByRole('combobox', { name: 'Search colleagues' });
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/call/call_0002');

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?status=all');
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('copy and dial', () => {
  it('copies the call id and numbers, says so, and dials numbers through tel: links', async () => {
    // user-event stands in for the clipboard.
    const { user } = renderCalls(callRoutes(), '/call/call_0002');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });

    await user.click(screen.getByRole('button', { name: 'Copy call ID' }));
    expect(await navigator.clipboard.readText()).toBe('call_0002');
    expect(await screen.findByText('Copied')).toBeTruthy();

    const [copyNumber] = screen.getAllByRole('button', { name: 'Copy number +447700900123' });
    if (!copyNumber) throw new Error('no copy button for the number');
    await user.click(copyNumber);
    expect(await navigator.clipboard.readText()).toBe('+447700900123');

    const dial = screen.getAllByRole('link', { name: '+447700900123' });
    expect(dial[0]?.getAttribute('href')).toBe('tel:+447700900123');
    // The id is shown whole in its title, and never wraps.
    const id = screen.getByTitle('call_0002');
    expect(id.className).toContain('truncate');
  });

  it('says when the browser refuses to copy', async () => {
    const { user } = renderCalls(callRoutes(), '/call/call_0002');
    await screen.findByRole('heading', { level: 1, name: 'Priya Shah' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy call ID' }));
    expect(await screen.findByText("Couldn't copy")).toBeTruthy();
  });
});
