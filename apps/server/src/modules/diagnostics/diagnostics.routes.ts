// POST /api/v1/test-sentry: lets a platform operator prove that server errors reach Sentry
// (the /test-sentry page calls it). Anyone else gets 403.
import { raiseTestErrorRoute } from '@callboard/contract';
import { AppError } from '../../http/errors.ts';
import { serve } from '../../http/routes.ts';
import { getMe } from '../me/me.service.ts';

export class TestError extends Error {
  override name = 'CallboardTestError';
}

export const diagnosticsRoutes = [
  serve(raiseTestErrorRoute, async (c) => {
    const me = await getMe(c.var.db, c.var.claims);
    if (!me.isSuperAdmin) {
      throw new AppError('FORBIDDEN', 'Only platform operators can raise a test error.');
    }
    c.set('reportedUser', {
      id: me.id,
      email: me.email,
      organisationId: me.organisation?.id ?? null,
      organisationName: me.organisation?.name ?? null,
      isSuperAdmin: me.isSuperAdmin,
    });
    throw new TestError(
      `Test error raised on the server from /test-sentry (${new Date().toISOString()})`,
    );
  }),
];
