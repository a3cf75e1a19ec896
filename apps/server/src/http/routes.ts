// Serves a route declared in the contract (packages/contract/src/routes): the declaration says
// the method, path, inputs and success status; this validates the inputs with it (validation.ts:
// path, then query, then body, as a 400 that names every bad field) and answers with the
// declared status, or passes on the Response of a route that answers with a file. The OpenAPI
// document (openapi.ts) is written from the same declarations.
import type { RouteDeclaration } from '@callboard/contract';
import { Hono, type Context } from 'hono';
import type * as core from 'zod/v4/core';
import type { ApiEnv } from './api-env.ts';
import { jsonBody, parseInput } from './validation.ts';

type Parsed<Schema> = Schema extends core.$ZodType ? core.output<Schema> : undefined;

export interface RouteInput<Route extends RouteDeclaration> {
  params: Parsed<Route['params']>;
  query: Parsed<Route['query']>;
  /** The parsed JSON body, or the text of a raw body (a CSV file). */
  body: Route['rawBody'] extends object ? string : Parsed<Route['body']>;
}

/**
 * What a handler resolves to: the success body as its schema accepts it (or undefined, for 204,
 * where the route declares noContent), nothing for an answer without a body, and never for a
 * route that only fails.
 */
type HandlerResult<Route extends RouteDeclaration> = Route['response'] extends {
  mediaType: string;
}
  ? Promise<Response>
  : Route['response'] extends {
        schema: infer Schema extends core.$ZodType;
      }
    ? Promise<core.input<Schema> | (Route extends { noContent: string } ? undefined : never)>
    : Route['response'] extends object
      ? Promise<void>
      : Promise<never>;

export type RouteHandler<Route extends RouteDeclaration> = (
  c: Context<ApiEnv>,
  input: RouteInput<Route>,
) => HandlerResult<Route>;

/** Adds one route to an app. */
export type ServedRoute = (app: Hono<ApiEnv>) => void;

export function serve<const Route extends RouteDeclaration>(
  declaration: Route,
  handler: RouteHandler<Route>,
): ServedRoute {
  const path = declaration.path.replace(/\{(\w+)\}/gu, ':$1');
  return (app) => {
    app.on(declaration.method.toUpperCase(), path, async (c) => {
      const input = {
        params: declaration.params && parseInput(declaration.params, c.req.param()),
        query: declaration.query && parseInput(declaration.query, c.req.query()),
        body: declaration.rawBody
          ? await c.req.text()
          : declaration.body &&
            parseInput(declaration.body, await jsonBody(c), declaration.invalidBodyStatus),
      } as RouteInput<Route>;
      const result: unknown = await handler(c, input);
      const response = declaration.response;
      if (!response) throw new Error(`${declaration.operationId} declares no success answer`);
      // A file (CSV): the handler made the answer, headers and stream included.
      if (response.mediaType) {
        if (!(result instanceof Response)) {
          throw new Error(`${declaration.operationId} must answer with a Response`);
        }
        return result;
      }
      if (response.status === 204) return c.body(null, 204);
      // The route's second success answer (RouteDeclaration.noContent).
      if (result === undefined && declaration.noContent) return c.body(null, 204);
      return c.json(result, response.status);
    });
  };
}

/** One Hono app serving the given routes, to mount under the declarations' base path. */
export function servedRoutes(...routes: ServedRoute[]): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  for (const route of routes) route(app);
  return app;
}
