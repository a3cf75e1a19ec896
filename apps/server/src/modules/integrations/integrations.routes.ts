import {
  createIntegrationRoute,
  deleteIntegrationRoute,
  listIntegrationsRoute,
  listWebhookDeliveriesRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  listWebhookDeliveries,
  type IntegrationDeps,
} from './integrations.service.ts';

export const integrationRoutes = (deps: IntegrationDeps) => [
  serve(listIntegrationsRoute, async (c) => ({
    rows: await listIntegrations(c.var.db, deps, c.var.claims),
  })),
  serve(createIntegrationRoute, (c, { body }) =>
    createIntegration(c.var.db, deps, c.var.claims, body),
  ),
  serve(deleteIntegrationRoute, (c, { params }) =>
    deleteIntegration(c.var.db, c.var.claims, params.integrationId),
  ),
  serve(listWebhookDeliveriesRoute, async (c, { params }) => ({
    rows: await listWebhookDeliveries(c.var.db, c.var.claims, params.integrationId),
  })),
];
