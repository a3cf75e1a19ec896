import { describe, expect, it } from 'vitest';
import { createConnectionStatus, PROBE_DELAYS_MS } from './connection-status.ts';

/** Probes answered by the test, on a clock the test turns. */
function harness() {
  const scheduled: { run: () => void; ms: number }[] = [];
  const answers: boolean[] = [];
  const status = createConnectionStatus({
    probe: () => Promise.resolve(answers.shift() ?? false),
    schedule: (run, ms) => {
      const entry = { run, ms };
      scheduled.push(entry);
      return () => scheduled.splice(scheduled.indexOf(entry), 1);
    },
  });
  const runNext = async () => {
    const next = scheduled.shift();
    if (!next) throw new Error('nothing scheduled');
    next.run();
    await Promise.resolve();
    await Promise.resolve();
    return next.ms;
  };
  return { status, scheduled, answers, runNext };
}

describe('connection status', () => {
  it('is lost on trouble, asks /readyz with growing pauses, and is back when it answers', async () => {
    const { status, answers, runNext, scheduled } = harness();
    let recovered = 0;
    status.onRecovered(() => (recovered += 1));
    expect(status.getState()).toBe('ok');

    status.reportTrouble();
    status.reportTrouble();
    expect(status.getState()).toBe('lost');
    expect(scheduled).toHaveLength(1);

    answers.push(false, false, true);
    expect(await runNext()).toBe(PROBE_DELAYS_MS[0]);
    expect(await runNext()).toBe(PROBE_DELAYS_MS[1]);
    expect(await runNext()).toBe(PROBE_DELAYS_MS[2]);
    expect(status.getState()).toBe('restored');
    expect(recovered).toBe(1);
    expect(scheduled).toHaveLength(0);
  });

  it('stops probing as soon as any request gets through', () => {
    const { status, scheduled } = harness();
    status.reportTrouble();
    expect(scheduled).toHaveLength(1);
    status.reportOk();
    expect(status.getState()).toBe('restored');
    expect(scheduled).toHaveLength(0);
  });
});
