import { exportCallsRoute, importCallsRoute, previewCallImportRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { exportCalls } from './call-export.ts';
import { importCalls, previewCallImport } from './call-import.ts';

export const callCsvRoutes = [
  serve(exportCallsRoute, (c, { query }) => exportCalls(c.var.db, c.var.claims, query)),
  serve(previewCallImportRoute, (c, { body }) => previewCallImport(c.var.db, c.var.claims, body)),
  serve(importCallsRoute, (c, { query, body }) =>
    importCalls(c.var.db, c.var.claims, body, query.first_line),
  ),
];
