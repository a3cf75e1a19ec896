// Saved views' cache key (docs/search.md, "Saved views"): under the calls feature's root, so that
// a catch-up after a lost connection refetches them with everything else.
import { callKeys } from './call-keys.ts';

export const savedViewKeys = {
  all: [...callKeys.all, 'views'] as const,
  list: (timeZone: string) => [...callKeys.all, 'views', timeZone] as const,
};
