// @vitest-environment jsdom
// The tabs show the caller's value and report choices. The callers keep the value in the address
// (the admin area's ?tab=, the call list's status), so the last tests keep it in a memory
// router's search, which updates a moment later.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubResizeObserver } from '../../testing/render.tsx';
import { TabPanel, Tabs } from './tabs.tsx';

beforeEach(() => {
  stubResizeObserver(); // the row watches its size to know when it overflows
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Tab = 'members' | 'invitations' | 'agents';

const ITEMS: { value: Tab; label: string; count?: string }[] = [
  { value: 'members', label: 'Members', count: '4' },
  { value: 'invitations', label: 'Invitations' },
  { value: 'agents', label: 'Agents' },
];

function isTab(value: string | null): value is Tab {
  return ITEMS.some((item) => item.value === value);
}

function Panels() {
  return ITEMS.map((item) => (
    <TabPanel key={item.value} value={item.value}>
      <p>{item.label} panel</p>
      <button type="button">{item.label} action</button>
    </TabPanel>
  ));
}

/** Tabs whose caller takes every choice, except those in `refuse`. */
function StateTabs({
  initial,
  refuse,
  onValueChange,
}: {
  initial: Tab;
  refuse: Tab[];
  onValueChange: (value: Tab) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Tabs
      label="Admin area"
      items={ITEMS}
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        if (!refuse.includes(next)) setValue(next);
      }}
    >
      <Panels />
    </Tabs>
  );
}

function renderTabs(initial: Tab = 'members', refuse: Tab[] = []) {
  const onValueChange = vi.fn();
  render(<StateTabs initial={initial} refuse={refuse} onValueChange={onValueChange} />);
  return { onValueChange, user: userEvent.setup() };
}

/** Tabs kept in ?tab=, as the admin area keeps them. */
function UrlTabs({ onValueChange }: { onValueChange: (value: Tab) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const value = isTab(requested) ? requested : 'members';
  return (
    <Tabs
      label="Admin area"
      items={ITEMS}
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setSearchParams({ tab: next }, { replace: true });
      }}
    >
      <Panels />
    </Tabs>
  );
}

function renderUrlTabs(path: string) {
  const onValueChange = vi.fn();
  const router = createMemoryRouter(
    [{ path: '/admin', element: <UrlTabs onValueChange={onValueChange} /> }],
    { initialEntries: ['/', path] },
  );
  render(<RouterProvider router={router} />);
  return { router, onValueChange, user: userEvent.setup() };
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`, 'u') });
const selectedTab = () => screen.getByRole('tab', { selected: true });

/** The one panel shown, and that the others are hidden and empty. */
function shownPanel(): HTMLElement {
  const panels = screen.getAllByRole('tabpanel', { hidden: true });
  expect(panels).toHaveLength(ITEMS.length);
  const shown = panels.filter((panel) => !panel.hidden);
  expect(shown).toHaveLength(1);
  for (const panel of panels) if (panel.hidden) expect(panel.textContent).toBe('');
  const [panel] = shown;
  if (!panel) throw new Error('no panel shown');
  return panel;
}

describe('Tabs', () => {
  it('shows the selected tab and only its panel, labelled by the tab', () => {
    renderTabs('invitations');
    expect(screen.getByRole('tablist', { name: 'Admin area' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Members4',
      'Invitations',
      'Agents',
    ]);
    expect(selectedTab()).toBe(tab('Invitations'));
    expect(tab('Members').getAttribute('aria-selected')).toBe('false');

    const panel = shownPanel();
    expect(panel.textContent).toBe('Invitations panelInvitations action');
    expect(screen.getByRole('tabpanel', { name: 'Invitations' })).toBe(panel);
    expect(tab('Invitations').getAttribute('aria-controls')).toBe(panel.id);
    // Every tab controls a panel that exists, shown or not.
    for (const element of screen.getAllByRole('tab')) {
      expect(document.getElementById(element.getAttribute('aria-controls') ?? '')).not.toBeNull();
    }
  });

  it('is one stop in the Tab order, at the selected tab; the panel is not a stop of its own', async () => {
    const { user } = renderTabs('agents');
    await user.tab();
    expect(document.activeElement).toBe(tab('Agents'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Agents action' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(tab('Agents'));
  });

  it('moves and selects with the arrow keys, round the ends, and with Home and End', async () => {
    const { onValueChange, user } = renderTabs();
    await user.tab();
    expect(document.activeElement).toBe(tab('Members'));

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Invitations'));
    expect(selectedTab()).toBe(tab('Invitations'));
    expect(shownPanel().textContent).toContain('Invitations panel');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('invitations');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selectedTab()).toBe(tab('Members'));
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toBe(tab('Agents'));
    expect(document.activeElement).toBe(tab('Agents'));
    await user.keyboard('{Home}');
    expect(selectedTab()).toBe(tab('Members'));
    await user.keyboard('{End}');
    expect(selectedTab()).toBe(tab('Agents'));
    expect(document.activeElement).toBe(tab('Agents'));
    expect(shownPanel().textContent).toContain('Agents panel');
    expect(onValueChange.mock.calls).toEqual([
      ['invitations'],
      ['agents'],
      ['members'],
      ['agents'],
      ['members'],
      ['agents'],
    ]);
  });

  it('selects on a press, reporting it once, and does not report the selected tab again', async () => {
    const { onValueChange, user } = renderTabs();
    await user.click(tab('Members'));
    expect(onValueChange).not.toHaveBeenCalled();
    await user.click(tab('Agents'));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('agents');
    expect(selectedTab()).toBe(tab('Agents'));
    expect(within(shownPanel()).getByRole('button', { name: 'Agents action' })).toBeTruthy();
  });

  it('shows the value it is given: a refused choice leaves the selection as it was', async () => {
    const { onValueChange, user } = renderTabs('members', ['agents']);
    await user.click(tab('Agents'));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('agents');
    expect(selectedTab()).toBe(tab('Members'));
    expect(shownPanel().textContent).toContain('Members panel');
  });
});

describe('Tabs kept in the address', () => {
  it('select from the address, and put a choice in it without a new history entry', async () => {
    const { router, onValueChange, user } = renderUrlTabs('/admin?tab=invitations');
    expect(selectedTab()).toBe(tab('Invitations'));

    await user.click(tab('Agents'));
    await waitFor(() => expect(selectedTab()).toBe(tab('Agents')));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('agents');
    expect(router.state.location.search).toBe('?tab=agents');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(shownPanel().textContent).toContain('Agents panel');

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=members'));
    await waitFor(() => expect(selectedTab()).toBe(tab('Members')));
    expect(document.activeElement).toBe(tab('Members'));
  });

  it('follow the address when it changes from outside (a link, Back)', async () => {
    const { router, onValueChange } = renderUrlTabs('/admin?tab=members');
    await act(() => router.navigate('/admin?tab=agents'));
    await waitFor(() => expect(selectedTab()).toBe(tab('Agents')));
    expect(shownPanel().textContent).toContain('Agents panel');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(selectedTab()).toBe(tab('Members')));
    expect(onValueChange).not.toHaveBeenCalled();
  });
});

// Reading a size or position while React commits makes the browser lay the whole page out there
// and then (docs/architecture.md, "Front end"): the row learns its overflow from a ResizeObserver.
describe('the tab row and the layout', () => {
  /** A ResizeObserver whose reports the test sends. */
  function reportingResizeObserver() {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          callbacks.push(callback);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    return { report: () => act(() => callbacks.forEach((callback) => callback())) };
  }

  it('shows the scroll hint once the observer reports that the row overflows', () => {
    const observer = reportingResizeObserver();
    // Every element is 200 px wide and holds 320 px: the row overflows.
    const scrollWidth = vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockReturnValue(320);
    const clientWidth = vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(200);
    onTestFinished(() => {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
    });
    const { container } = render(
      <StateTabs initial="members" refuse={[]} onValueChange={() => undefined} />,
    );
    const hint = () => container.querySelector('button[aria-hidden="true"]');
    expect(hint()).toBeNull();
    expect(scrollWidth).not.toHaveBeenCalled();

    observer.report();

    expect(hint()).not.toBeNull();
  });

  it('reads where the tabs are only when the selected one may be out of view', () => {
    const offsetLeft = vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get');
    onTestFinished(() => offsetLeft.mockRestore());
    renderTabs('members');
    expect(offsetLeft).not.toHaveBeenCalled();
    cleanup();

    renderTabs('agents');
    expect(offsetLeft).toHaveBeenCalled();
  });
});
