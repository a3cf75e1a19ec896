// Production must never run with the demo accounts' published password: anyone who has read the
// README could sign in, one of them as a platform super-admin. The server checks at start-up.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client.ts';
import { verifyPassword } from 'better-auth/crypto';
import { DEMO_ACCOUNTS } from './seed.ts';
import { DEMO_PASSWORD } from './demo-password.ts';

/** The demo accounts (by email) whose password is still the published one. */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await queryRows<{ email: string; password: string | null }>(
    db,
    sql`select u.email, a.password
        from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential'
        where lower(u.email) in (${sql.join(
          emails.map((email) => sql`${email}`),
          sql`, `,
        )})`,
  );
  const exposed: string[] = [];
  for (const row of rows) {
    if (!row.password) continue;
    if (await verifyPassword({ hash: row.password, password: DEMO_PASSWORD })) {
      exposed.push(row.email);
    }
  }
  return exposed.sort();
}

export class PublishedDemoPasswordError extends Error {
  constructor(readonly emails: string[]) {
    super(
      `Refusing to start in production: ${emails.length === 1 ? 'the demo account' : `${emails.length} demo accounts, including`} ${emails[0]}, still ${emails.length === 1 ? 'has' : 'have'} the published demo password; remove them with \`npm run db:seed -- --remove-demo-accounts\` (docs/security.md).`,
    );
  }
}
