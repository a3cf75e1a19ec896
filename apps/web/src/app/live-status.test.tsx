// @vitest-environment jsdom
// The header's "Reconnecting…" (docs/live-updates.md, "Client"): only once the connection has
// been down for 3 s, and gone when it is back.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DOWN_NOTICE_MS, resetLiveState, setLiveState } from '../lib/live-updates.ts';
import { LiveStatus } from './live-status.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  resetLiveState();
  vi.useRealTimers();
});

describe('LiveStatus', () => {
  it('says Reconnecting only after 3 s down, politely, and clears when back', async () => {
    setLiveState({
      status: 'open',
      streamId: '0b7c7d7e-5a4b-4c3d-8e2f-1a2b3c4d5e6f',
      downSince: null,
    });
    render(<LiveStatus />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    act(() => setLiveState({ status: 'reconnecting', streamId: null, downSince: Date.now() }));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_DOWN_NOTICE_MS - 1));
    expect(region.textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(region.textContent).toContain('Reconnecting…');

    act(() =>
      setLiveState({
        status: 'open',
        streamId: '1c8d8e8f-6b5c-4d4e-9f3a-2b3c4d5e6f70',
        downSince: null,
      }),
    );
    expect(region.textContent).toBe('');
  });
});
