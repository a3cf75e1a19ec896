// How fast the machine is while the benchmark runs, beside how busy it is. A shared host can be
// slow at a low load average: other tenants' work does not show in the load, yet on one day it
// made every figure of a run worse by half or more, and a password hash three times slower, while
// plain arithmetic ran at its usual speed (docs/benchmarks.md, "How it measures").
import { hashPassword } from 'better-auth/crypto';
import { median } from './statistics.ts';

export interface MachineSpeed {
  /** One password hash with the server's own scrypt parameters (32 MB each): bound by memory. */
  hashMs: number;
  /** 400,000,000 steps of integer arithmetic: bound by one core alone. */
  loopMs: number;
}

const SAMPLES = 5;
const LOOP_STEPS = 400_000_000;

/** The result is returned so that the compiler cannot drop the loop. */
function arithmetic(steps: number): number {
  let value = 0;
  for (let step = 0; step < steps; step += 1) value = (value + step * 7) | 0;
  return value;
}

async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Medians of five of each, in milliseconds to a tenth. */
export async function measureMachineSpeed(): Promise<MachineSpeed> {
  const hashes: number[] = [];
  const loops: number[] = [];
  arithmetic(LOOP_STEPS); // compiled and optimised before it is timed
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    hashes.push(await timed(() => hashPassword('machine-speed-probe')));
    loops.push(await timed(() => arithmetic(LOOP_STEPS)));
  }
  const tenth = (ms: number) => Math.round(ms * 10) / 10;
  return { hashMs: tenth(median(hashes)), loopMs: tenth(median(loops)) };
}
