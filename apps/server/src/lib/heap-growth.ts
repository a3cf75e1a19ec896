// How far V8 lets its old generation grow past what outlived the last full collection before it
// collects again. Left to itself V8 picks a factor of up to 4 when it has memory to spare: under the
// benchmark's load a server holding 60–80 MB of live objects grew its heap to 160–230 MB and stayed
// there. At 1.75 the same load peaks at about 220 MB with no measurable loss of throughput
// (docs/decisions/0037-memory-limits.md).
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 75;

const FLAG = /^--heap[-_]growing[-_]percent\b/u;

/**
 * Sets V8's heap growing factor for this process, unless the command line already sets one (an
 * operator's own `node --heap-growing-percent=…` wins). Returns whether it set it.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => FLAG.test(arg))) return false;
  // V8 reads the factor at every full collection, so setting it after start-up takes effect.
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
