import { getMeRoute, updateMeRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { getMe, updateMe } from './me.service.ts';

export const meRoutes = [
  serve(getMeRoute, (c) => getMe(c.var.db, c.var.claims)),
  serve(updateMeRoute, (c, { body }) => updateMe(c.var.db, c.var.claims, body)),
];
