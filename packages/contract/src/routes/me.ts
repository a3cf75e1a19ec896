// /api/v1/me (the signed-in user's profile), /api/v1/analytics (their organisation's figures) and
// /api/v1/test-sentry (the error-reporting check).
import { updateMeBodySchema } from '../admin.ts';
import { analyticsQuerySchema, analyticsResponseSchema } from '../analytics.ts';
import {
  endedSessionsSchema,
  meSchema,
  ownSessionListSchema,
  ownSessionParamsSchema,
} from '../me.ts';
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

export const listOwnSessionsRoute = defineRoute({
  operationId: 'listOwnSessions',
  method: 'get',
  base: '/api/v1',
  path: '/me/sessions',
  summary: 'Your live sessions: where and when each signed in, and when it was last active',
  auth: 'bearer',
  response: { status: 200, description: 'The sessions', schema: ownSessionListSchema },
  errors: signedIn,
});

export const endOwnSessionRoute = defineRoute({
  operationId: 'endOwnSession',
  method: 'delete',
  base: '/api/v1',
  path: '/me/sessions/{sessionId}',
  summary: 'Sign one of your sessions out: its access ends from its next request',
  auth: 'bearer',
  params: ownSessionParamsSchema,
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...signedIn, 404: 'No such live session of yours' },
});

export const endOtherOwnSessionsRoute = defineRoute({
  operationId: 'endOtherOwnSessions',
  method: 'post',
  base: '/api/v1',
  path: '/me/sessions/end-others',
  summary: 'Sign out everywhere else: every session of yours but this one ends',
  auth: 'bearer',
  response: { status: 200, description: 'How many ended', schema: endedSessionsSchema },
  errors: signedIn,
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
