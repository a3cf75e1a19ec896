import { getMeRoute, updateMeRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { getMe, updateMyName } from './me.service.ts';

export const meRoutes = [
  serve(getMeRoute, (c) => getMe(c.var.db, c.var.claims)),
  serve(updateMeRoute, (c, { body }) => updateMyName(c.var.db, c.var.claims, body)),
];
