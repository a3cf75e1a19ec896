import { ingestCallsRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { ingestCalls } from './ingest.service.ts';

export const ingestRoutes = [
  serve(ingestCallsRoute, (c, { body }) => ingestCalls(c.var.db, c.var.apiKeyHash, body.calls)),
];
