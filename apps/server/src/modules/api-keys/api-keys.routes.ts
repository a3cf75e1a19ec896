import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

export const apiKeyRoutes = [
  serve(listApiKeysRoute, async (c) => ({ rows: await listApiKeys(c.var.db, c.var.claims) })),
  serve(createApiKeyRoute, (c, { body }) => createApiKey(c.var.db, c.var.claims, body)),
  serve(revokeApiKeyRoute, (c, { params }) => revokeApiKey(c.var.db, c.var.claims, params.keyId)),
];
