import type { Db } from '../db/client.ts';
import type { AccessClaims } from '../db/tenant.ts';

/** What every /api/v1 handler finds on its context: the database and the verified caller. */
export interface ApiEnv {
  Variables: {
    db: Db;
    claims: AccessClaims;
    requestId: string;
  };
}
