import {
  createSavedViewRoute,
  deleteSavedViewRoute,
  listSavedViewsRoute,
  updateSavedViewRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from './views.service.ts';

export const viewRoutes = [
  serve(listSavedViewsRoute, (c, { query }) => listSavedViews(c.var.db, c.var.claims, query.tz)),
  serve(createSavedViewRoute, (c, { body }) => createSavedView(c.var.db, c.var.claims, body)),
  serve(updateSavedViewRoute, (c, { params, body }) =>
    updateSavedView(c.var.db, c.var.claims, params.viewId, body),
  ),
  serve(deleteSavedViewRoute, (c, { params }) =>
    deleteSavedView(c.var.db, c.var.claims, params.viewId),
  ),
];
