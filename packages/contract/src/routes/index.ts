// Every /api/v1 route, for the OpenAPI document and the test that checks real answers against it.
import type { RouteDeclaration } from '../route.ts';
import * as admin from './admin.ts';
import * as calls from './calls.ts';
import * as events from './events.ts';
import * as ingest from './ingest.ts';
import * as integrations from './integrations.ts';
import * as invitations from './invitations.ts';
import * as me from './me.ts';
import * as notifications from './notifications.ts';
import * as views from './views.ts';

export * from './admin.ts';
export * from './calls.ts';
export * from './events.ts';
export * from './ingest.ts';
export * from './integrations.ts';
export * from './invitations.ts';
export * from './me.ts';
export * from './notifications.ts';
export * from './views.ts';

export const V1_ROUTES = [
  ...Object.values(me),
  ...Object.values(calls),
  ...Object.values(admin),
  ...Object.values(invitations),
  ...Object.values(ingest),
  ...Object.values(integrations),
  ...Object.values(events),
  ...Object.values(notifications),
  ...Object.values(views),
] satisfies RouteDeclaration[];
