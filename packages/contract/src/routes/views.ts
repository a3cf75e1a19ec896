// /api/v1/views: saved views of the call list (docs/search.md, "Saved views").
import { z } from 'zod';
import { defineRoute } from '../route.ts';
import {
  createSavedViewBodySchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  updateSavedViewBodySchema,
} from '../saved-views.ts';
import { inOrganisation, invalidInput } from './common.ts';

const viewParams = z.object({ viewId: z.uuid({ message: 'must be a view id' }) });

const exampleView = {
  id: '3b1f5c2a-7d4e-4f6a-9b8c-1d2e3f4a5b6c',
  name: 'Long open calls',
  query: 'status=open&sort=-duration',
  columns: null,
  shared: true,
  owner: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Mia Okafor' },
  can_manage: true,
  created_at: '2026-05-04T09:00:00.000Z',
  updated_at: '2026-05-04T09:00:00.000Z',
};

const manage = {
  403: "Not the view's owner, nor an admin managing a shared view; or 'No organization assigned to user'",
  404: 'No such view among those the caller can see',
} as const;

export const listSavedViewsRoute = defineRoute({
  operationId: 'listSavedViews',
  method: 'get',
  base: '/api/v1',
  path: '/views',
  summary:
    "The built-in views, the caller's own and their organisation's shared ones, each with its count of matching calls (at most count_cap)",
  auth: 'bearer',
  query: savedViewListQuerySchema,
  response: {
    status: 200,
    description: 'The views',
    schema: savedViewListSchema,
    example: {
      defaults: [
        { id: 'my-open-calls', name: 'My open calls', query: 'status=open&assignee=me', count: 4 },
      ],
      views: [{ ...exampleView, count: 12 }],
      count_cap: 1000,
    },
  },
  errors: { ...invalidInput, ...inOrganisation },
});

export const createSavedViewRoute = defineRoute({
  operationId: 'createSavedView',
  method: 'post',
  base: '/api/v1',
  path: '/views',
  summary:
    "Save the call list's state (its URL's search string, checked and normalised) as a personal or shared view",
  auth: 'bearer',
  body: createSavedViewBodySchema,
  bodyExample: { name: 'Long open calls', query: 'status=open&sort=-duration', shared: true },
  response: { status: 201, description: 'The view', schema: savedViewSchema, example: exampleView },
  errors: {
    ...invalidInput,
    ...inOrganisation,
    409: 'A view of that name exists (yours, or shared in the organisation), or the caller already has the most views allowed',
  },
});

export const updateSavedViewRoute = defineRoute({
  operationId: 'updateSavedView',
  method: 'patch',
  base: '/api/v1',
  path: '/views/{viewId}',
  summary:
    'Rename a view, change its query or columns, or share or unshare it (sharing is for its owner)',
  auth: 'bearer',
  params: viewParams,
  body: updateSavedViewBodySchema,
  bodyExample: { name: 'Long open calls (sales)' },
  response: { status: 200, description: 'The view as it is now', schema: savedViewSchema },
  errors: {
    ...invalidInput,
    ...inOrganisation,
    ...manage,
    409: 'A view of that name exists',
  },
});

export const deleteSavedViewRoute = defineRoute({
  operationId: 'deleteSavedView',
  method: 'delete',
  base: '/api/v1',
  path: '/views/{viewId}',
  summary: 'Delete a view: its owner, or an admin for a shared one',
  auth: 'bearer',
  params: viewParams,
  response: { status: 204, description: 'Deleted' },
  errors: { ...invalidInput, ...inOrganisation, ...manage },
});
