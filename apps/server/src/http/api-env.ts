import type { Db } from '../db/client.ts';
import type { MailQueue } from '../lib/mail-queue.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { AccessClaims, ReadRouting } from '../db/tenant.ts';
import type { WebhookIntegration } from '../modules/webhooks/webhooks.queries.ts';

/** What every /api/v1 handler finds on its context: the database and the verified caller. */
/** The user identity attached to error reports (docs/product.md, "Entities", the monitored user identity). */
export interface ReportedUser {
  id: string;
  email?: string;
  organisationId?: string | null;
  organisationName?: string | null;
  isSuperAdmin?: boolean;
}

export interface ApiEnv {
  Variables: {
    db: Db;
    claims: AccessClaims;
    /** With a read replica: this request's read routing (read-consistency.ts). */
    reads?: ReadRouting;
    /** On /api/v1/ingest: the SHA-256 of the live API key the request carries. */
    apiKeyHash: string;
    /** On /api/v1/webhooks: the live integration the URL names (webhook-gate.ts). */
    integration: WebhookIntegration;
    mail: MailQueue;
    /** The server's metrics (http/operations.ts sets them on every request). */
    metrics: Metrics;
    /** The public address, for links in mail. */
    appUrl: string;
    requestId: string;
    reportedUser?: ReportedUser;
  };
}
