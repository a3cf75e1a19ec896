// Query keys of the admin area and the platform console; mutations invalidate through these.
export const adminKeys = {
  all: ['admin'] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  invitations: () => [...adminKeys.all, 'invitations'] as const,
  agents: () => [...adminKeys.all, 'agents'] as const,
  organisation: () => [...adminKeys.all, 'organisation'] as const,
  sso: () => [...adminKeys.all, 'organisation', 'sso'] as const,
  /** The organisation's API keys (for the ingestion API), not these query keys. */
  apiKeys: () => [...adminKeys.all, 'api-keys'] as const,
  deletedCalls: (query: object) => [...adminKeys.all, 'deleted-calls', query] as const,
  audit: (query: object) => [...adminKeys.all, 'audit', query] as const,
  auditAll: () => [...adminKeys.all, 'audit'] as const,
  integrations: () => [...adminKeys.all, 'integrations'] as const,
  deliveries: (integrationId: string) =>
    [...adminKeys.all, 'integrations', integrationId, 'deliveries'] as const,
};

export const platformKeys = {
  all: ['platform'] as const,
  organisations: () => [...platformKeys.all, 'organisations'] as const,
  agents: () => [...platformKeys.all, 'agents'] as const,
};
