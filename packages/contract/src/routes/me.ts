// /api/v1/me (the signed-in user's profile), /api/v1/analytics (their organisation's figures) and
// /api/v1/test-sentry (the error-reporting check).
import { updateMeBodySchema } from '../admin.ts';
import { analyticsQuerySchema, analyticsResponseSchema } from '../analytics.ts';
import { meSchema } from '../me.ts';
import { defineRoute } from '../route.ts';
import { asPlatformOperator, inOrganisation, invalidInput, signedIn } from './common.ts';

export const getMeRoute = defineRoute({
  operationId: 'getMe',
  method: 'get',
  base: '/api/v1',
  path: '/me',
  summary: 'The signed-in user',
  auth: 'bearer',
  response: { status: 200, description: 'The user', schema: meSchema },
  errors: signedIn,
});

export const updateMeRoute = defineRoute({
  operationId: 'updateMe',
  method: 'patch',
  base: '/api/v1',
  path: '/me',
  summary:
    'Change your own first and last name, whether you are emailed notifications, or your call list columns',
  auth: 'bearer',
  body: updateMeBodySchema,
  response: { status: 200, description: 'The user as they are now', schema: meSchema },
  errors: { ...invalidInput, ...signedIn },
});

export const getAnalyticsRoute = defineRoute({
  operationId: 'getAnalytics',
  method: 'get',
  base: '/api/v1',
  path: '/analytics',
  summary: "The organisation's figures and series for a period, with the period before it",
  auth: 'bearer',
  query: analyticsQuerySchema,
  response: { status: 200, description: 'Figures and series', schema: analyticsResponseSchema },
  errors: { ...invalidInput, ...inOrganisation },
});

export const raiseTestErrorRoute = defineRoute({
  operationId: 'raiseTestError',
  method: 'post',
  base: '/api/v1',
  path: '/test-sentry',
  summary: 'Raise a test error on the server, reported to Sentry (platform operators only)',
  auth: 'bearer',
  errors: { ...asPlatformOperator, 500: 'The test error, as intended' },
});
