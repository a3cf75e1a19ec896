// Chart colours as CSS variables on the page, one set per theme, so SVG fills (var(--chart-…))
// follow the theme switch without a re-render. Statuses keep the hues of the list's status
// badges (New indigo, In progress amber, Closed green); each pair reads on its theme's surface.
import type { CallStatus, Sentiment } from '@callboard/contract';

export const CHART_COLOUR_VARIABLES = [
  '[--chart-new:#6366f1] dark:[--chart-new:#818cf8]',
  '[--chart-progress:#f59e0b] dark:[--chart-progress:#fbbf24]',
  '[--chart-closed:#16a34a] dark:[--chart-closed:#22c55e]',
  '[--chart-positive:#16a34a] dark:[--chart-positive:#22c55e]',
  '[--chart-neutral:#a1a1aa] dark:[--chart-neutral:#71717a]',
  '[--chart-negative:#dc2626] dark:[--chart-negative:#f87171]',
  '[--chart-none:#d4d4d8] dark:[--chart-none:#3f3f46]',
  // The heat map's full strength: the accent, a step brighter on dark surfaces.
  '[--chart-heat:#4f46e5] dark:[--chart-heat:#818cf8]',
].join(' ');

export const STATUS_COLOURS: Record<CallStatus, string> = {
  New: 'var(--chart-new)',
  'In progress': 'var(--chart-progress)',
  Closed: 'var(--chart-closed)',
};

export const SENTIMENT_COLOURS: Record<Sentiment | 'none', string> = {
  positive: 'var(--chart-positive)',
  neutral: 'var(--chart-neutral)',
  negative: 'var(--chart-negative)',
  none: 'var(--chart-none)',
};

/** Axis and grid styling shared by the recharts charts (theme variables, not fixed greys). */
export const AXIS_TICK = { fill: 'var(--fg-subtle)', fontSize: 12 } as const;
export const GRID_STROKE = 'var(--border)';
