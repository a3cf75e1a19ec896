// The analytics feature's cache keys. Its own, not the calls feature's: features share nothing
// but the API and lib/ (the organisation's members and agents are lib/organisation-directory.ts's
// keys), so neither can break the other by changing what it caches under a key.
import type { AnalyticsQuery } from './get-analytics.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (query: AnalyticsQuery) => ['analytics', 'report', query] as const,
};
