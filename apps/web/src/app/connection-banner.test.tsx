// @vitest-environment jsdom
// "Connection lost — retrying…" (docs/operations.md, "Database outages"): while Callboard is out of
// reach, in a polite live region, gone when it is back.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionStatus } from '../lib/connection-status.ts';
import { ConnectionBanner } from './connection-banner.tsx';

afterEach(() => {
  cleanup();
  connectionStatus.reportOk();
});

describe('ConnectionBanner', () => {
  it('says the connection is lost while it is, politely, and that it is back', () => {
    render(<ConnectionBanner />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    act(() => connectionStatus.reportTrouble());
    expect(region.textContent).toBe('Connection lost — retrying…');

    act(() => connectionStatus.reportOk());
    expect(region.textContent).toBe('Connection restored.');
    expect(screen.queryByText('Connection lost — retrying…')).toBeNull();
  });
});
