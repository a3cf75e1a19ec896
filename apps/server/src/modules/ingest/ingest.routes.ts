import { ingestCallsRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { tallyResults } from '../../lib/metrics.ts';
import { ingestCalls } from './ingest.service.ts';

export const ingestRoutes = [
  serve(ingestCallsRoute, async (c, { body }) => {
    const stored = await ingestCalls(c.var.db, c.var.apiKeyHash, body.calls);
    c.var.metrics.countIngested('api', tallyResults(stored.calls));
    return stored;
  }),
];
