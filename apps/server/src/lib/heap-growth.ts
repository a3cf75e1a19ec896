// How far V8 lets its old generation grow past what outlived the last full collection before it
// collects again. With a heap limit of 2 GB or more (a machine with memory to spare) V8 picks a
// factor of up to 4: under the benchmark's load a server with 60–80 MB of live objects kept a heap
// of 160–230 MB, and the process peaked at 255–350 MB. At 1.75 the process peaked at 210–220 MB,
// with no loss of throughput beyond the spread of two runs (docs/decisions/0037-memory-limits.md).
// With a smaller limit (a container of a few hundred MB) V8 already keeps to 1.3–2 and tightens
// further when memory runs short, which a fixed factor would override: there it is left alone.
// Beside the embedded database the factor is 1.3: with the 4 MB semi-spaces that the start script
// gives node there, the benchmark's load peaked 55–60 MB lower, for 1–11% more CPU a request
// (docs/decisions/0049-a-smaller-heap-beside-the-embedded-database.md).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import type { DatabaseTarget } from '../db/client.ts';

/** How far past its live objects the heap may grow, in percent, by the database's kind. */
const HEAP_GROWING_PERCENT = { postgres: 75, pglite: 30 } as const;

/** The heap limit from which V8's own factor may reach 4. */
export const LARGE_HEAP_LIMIT_BYTES = 2 * 1024 ** 3;

const FLAG = /^--heap[-_]growing[-_]percent\b/u;

/**
 * Whether to set the factor: not when the command line sets one (an operator's own
 * `node --heap-growing-percent=…` wins; `=0` gives V8's own choice back), and not when the heap
 * limit is small enough for V8 to keep its heap tight by itself.
 */
export function shouldLimitHeapGrowth(
  execArgv: readonly string[],
  heapSizeLimitBytes: number,
): boolean {
  return heapSizeLimitBytes >= LARGE_HEAP_LIMIT_BYTES && !execArgv.some((arg) => FLAG.test(arg));
}

/** Sets V8's heap growing factor for this process when it should. Returns whether it did. */
export function limitHeapGrowth(database: DatabaseTarget['kind']): boolean {
  if (!shouldLimitHeapGrowth(process.execArgv, getHeapStatistics().heap_size_limit)) return false;
  // V8 reads the factor at every full collection, so setting it after start-up takes effect.
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT[database]}`);
  return true;
}
