// How a call's stored values read to people, the same on every screen: the call page, the call
// list's filter chips and the analytics charts.
import type { Sentiment } from '@callboard/contract';

/** The voice platforms' disconnection reasons we know; any other reads as its words. */
const DISCONNECTION_REASON_LABELS: Readonly<Record<string, string>> = {
  caller_hangup: 'Caller hung up',
  agent_hangup: 'Agent ended the call',
  transferred: 'Transferred',
  voicemail: 'Went to voicemail',
  max_duration_reached: 'Max duration reached',
  inactivity: 'Ended after silence',
  error: 'Ended by an error',
};

/** "caller_hangup" → "Caller hung up"; an unknown "line_dropped" → "Line dropped". */
export function disconnectionReasonLabel(reason: string): string {
  const known = DISCONNECTION_REASON_LABELS[reason];
  if (known) return known;
  const words = reason.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const SENTIMENT_LABELS: Readonly<Record<Sentiment | 'none', string>> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  none: 'No sentiment',
};
