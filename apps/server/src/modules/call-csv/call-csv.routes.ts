import { exportCallsRoute, importCallsRoute, previewCallImportRoute } from '@callboard/contract';
import type { ServerResponse } from 'node:http';
import { serve } from '../../http/routes.ts';
import { exportCalls } from './call-export.ts';
import { importCalls, previewCallImport } from './call-import.ts';

export const callCsvRoutes = [
  serve(exportCallsRoute, (c, { query }) =>
    exportCalls(c.var.db, c.var.claims, query, () => nodeResponse(c.env)?.destroy()),
  ),
  serve(previewCallImportRoute, (c, { body }) => previewCallImport(c.var.db, c.var.claims, body)),
  serve(importCallsRoute, async (c, { query, body }) => {
    const imported = await importCalls(c.var.db, c.var.claims, body, query.first_line);
    c.var.metrics.countIngested('csv', imported);
    return imported;
  }),
];

/** The Node response under a request served by @hono/node-server (its `env.outgoing`). */
function nodeResponse(env: unknown): ServerResponse | null {
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) return null;
  const { outgoing } = env;
  return typeof outgoing === 'object' && outgoing !== null && 'destroy' in outgoing
    ? (outgoing as ServerResponse)
    : null;
}
