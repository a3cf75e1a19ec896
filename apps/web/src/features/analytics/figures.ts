// The headline figures: what each means, how it reads, and whether a rise is good news.
import type { AnalyticsResponse, Figure } from '@callboard/contract';
import { formatCount } from '../../lib/format.ts';

export type FigureKey = keyof AnalyticsResponse['figures'];
export type FigureFormat = 'count' | 'duration' | 'share';

export interface FigureDefinition {
  key: FigureKey;
  label: string;
  format: FigureFormat;
  /** Which way is better: 'up' (more closed), 'down' (less backlog), or neither. */
  better: 'up' | 'down' | 'neither';
  /** One line on what is counted, for the card's description. */
  description: string;
}

export const FIGURES: readonly FigureDefinition[] = [
  {
    key: 'callsReceived',
    label: 'Calls received',
    format: 'count',
    better: 'neither',
    description: 'Calls that ended in the period.',
  },
  {
    key: 'openBacklog',
    label: 'Open backlog',
    format: 'count',
    better: 'down',
    description: 'Calls not closed at the end of the period.',
  },
  {
    key: 'callsClosed',
    label: 'Calls closed',
    format: 'count',
    better: 'up',
    description: 'Calls changed to Closed in the period.',
  },
  {
    key: 'medianTimeToCloseSeconds',
    label: 'Median time to close',
    format: 'duration',
    better: 'down',
    description: 'From the end of the call to its closing, for calls closed in the period.',
  },
  {
    key: 'unassignedOpen',
    label: 'Unassigned open',
    format: 'count',
    better: 'down',
    description: 'Open calls with nobody assigned at the end of the period.',
  },
  {
    key: 'averageDurationSeconds',
    label: 'Average call duration',
    format: 'duration',
    better: 'neither',
    description: 'Mean length of the calls received.',
  },
  {
    key: 'negativeShare',
    label: 'Negative sentiment',
    format: 'share',
    better: 'down',
    description: 'Share of calls with a sentiment that were negative.',
  },
];

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const share = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/**
 * A duration in words, to two units: "42 s", "5 min 21 s", "2 h 14 min", "3 d 4 h". Rounded to
 * the second, so a mean of 377.4 s reads "6 min 17 s".
 */
export function formatDurationWords(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const pair = (a: number, unitA: string, b: number, unitB: string) =>
    b === 0
      ? `${wholeNumber.format(a)} ${unitA}`
      : `${wholeNumber.format(a)} ${unitA} ${b} ${unitB}`;
  if (days > 0) return pair(days, 'd', hours, 'h');
  if (hours > 0) return pair(hours, 'h', minutes, 'min');
  if (minutes > 0) return pair(minutes, 'min', seconds, 's');
  return `${seconds} s`;
}

/** "12.4%" for 0.124. */
export function formatShare(value: number): string {
  return share.format(value);
}

/** A figure's value as people read it; "—" when there is none (nothing to average). */
export function formatFigure(value: number | null, format: FigureFormat): string {
  if (value === null) return '—';
  if (format === 'duration') return formatDurationWords(value);
  if (format === 'share') return formatShare(value);
  return formatCount(value);
}

export interface FigureChange {
  direction: 'up' | 'down' | 'flat' | 'none';
  /** good and bad follow the figure's `better`; neutral when it has none or nothing compares. */
  tone: 'good' | 'bad' | 'neutral';
  /** "+12%", "−3.4 pts", "0%", or "—". */
  label: string;
  /** The same in words, for screen readers and the tooltip. */
  description: string;
}

const percentChange = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const smallPercentChange = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const pointsChange = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/**
 * The change against the previous period: relative (%) for counts and durations, in percentage
 * points for a share (a share's relative change misleads). Nothing to compare — no previous
 * value, or a previous count of zero — gives direction 'none' and a neutral tone.
 */
export function figureChange(figure: Figure, definition: FigureDefinition): FigureChange {
  const { value, previous } = figure;
  const before = previous === null ? '' : formatFigure(previous, definition.format);
  if (value === null || previous === null || (definition.format !== 'share' && previous === 0)) {
    return {
      direction: 'none',
      tone: 'neutral',
      label: '—',
      description:
        previous === null || value === null
          ? 'No comparison with the previous period'
          : `Previous period: ${before}`,
    };
  }
  let label: string;
  let delta: number;
  if (definition.format === 'share') {
    delta = Math.round((value - previous) * 1000) / 10; // points, to one decimal
    label = `${pointsChange.format(delta)} pts`;
  } else {
    const ratio = (value - previous) / previous;
    delta = Math.abs(ratio) < 0.1 ? Math.round(ratio * 1000) / 1000 : Math.round(ratio * 100) / 100;
    label = (Math.abs(ratio) < 0.1 ? smallPercentChange : percentChange).format(delta);
  }
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const tone =
    direction === 'flat' || definition.better === 'neither'
      ? 'neutral'
      : direction === definition.better
        ? 'good'
        : 'bad';
  const words =
    direction === 'flat'
      ? 'No change'
      : `${direction === 'up' ? 'Up' : 'Down'} ${label.replace(/^[+\-−]/u, '')}`;
  return {
    direction,
    tone,
    label: label.replace('-', '−'),
    description: `${words} from ${before} in the previous period`,
  };
}
