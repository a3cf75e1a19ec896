// The summaries the benchmark's measurements share.

/** The middle value (the upper of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The q-quantile (0–1) of values already sorted ascending, to a tenth; 0 for none. */
export function percentile(sorted: number[], q: number): number {
  return Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10;
}
