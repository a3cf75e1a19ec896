// One declaration per HTTP route: the server validates requests and writes the OpenAPI document
// from it, the browser builds its requests and checks the answers with it. Plain data over zod
// schemas (classic or mini): this file imports only types, so the browser's first screen can
// declare its identity routes in zod/mini without loading classic zod.
import type * as core from 'zod/v4/core';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The error statuses a route documents, each with what it means there. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500;
export type ErrorResponses = Partial<Record<ErrorStatus, string>>;

/**
 * Who may call a route: a bearer access token, the session cookie, anyone, an organisation's
 * API key sent as a bearer token (the ingestion API), or a voice platform whose request the
 * integration's secret verifies (the webhooks).
 */
export type RouteAuth = 'bearer' | 'session' | 'public' | 'api-key' | 'webhook';

export interface SuccessResponse {
  status: 200 | 201 | 204;
  description: string;
  /** What the body parses with; absent for 204 and for answers nobody reads. */
  schema?: core.$ZodType;
  /** A typical answer, for the OpenAPI document. */
  example?: unknown;
  /**
   * The media type of an answer that is not JSON (a CSV file, an event stream): the handler
   * answers with the Response itself, and `schema` is absent.
   */
  mediaType?: 'text/csv' | 'text/event-stream';
}

/** A request body that is not JSON: the handler is given its text. */
export interface RawBody {
  mediaType: 'text/csv';
  description: string;
}

export interface RouteDeclaration {
  /** Verb-noun, as the service function it calls (docs/conventions.md, "Names"). */
  operationId: string;
  method: HttpMethod;
  /** The API the route belongs to: /api/v1 (the product) or /api/auth (identity). */
  base: '/api/v1' | '/api/auth';
  /** Relative to `base`, with OpenAPI's `{name}` for each path parameter. */
  path: string;
  summary: string;
  auth: RouteAuth;
  params?: core.$ZodObject;
  query?: core.$ZodType<Record<string, unknown>>;
  body?: core.$ZodType;
  /** Instead of `body`: a body taken as text (a CSV file). */
  rawBody?: RawBody;
  /** A typical body, for the OpenAPI document. */
  bodyExample?: unknown;
  /**
   * The answer to a JSON body that breaks the schema: 400 VALIDATION_FAILED unless the route says
   * 422 UNPROCESSABLE (a batch refused whole for problems in its items). Either names each field.
   */
  invalidBodyStatus?: 400 | 422;
  /** Absent for a route that only ever fails (POST /test-sentry). */
  response?: SuccessResponse;
  /** A second success answer, 204 without a body, and what it means (the webhooks' "ignored"). */
  noContent?: string;
  errors: ErrorResponses;
  /** Typical error bodies by status, for the OpenAPI document. */
  errorExamples?: Partial<Record<ErrorStatus, unknown>>;
  /** The body of every error answer; the API's `errorBodySchema` unless the route says otherwise. */
  errorSchema?: core.$ZodType;
}

export function defineRoute<const Route extends RouteDeclaration>(route: Route): Route {
  return route;
}

/** `{callId: string}` for '/calls/{callId}/notes'. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : unknown;

/** What a route's success answer parses to (undefined when it has no schema). */
export type RouteResponse<Route extends RouteDeclaration> = Route['response'] extends {
  schema: infer Schema extends core.$ZodType;
}
  ? core.output<Schema>
  : undefined;

/** The body a client sends (the schema's input: defaults may be left out). */
export type RouteBody<Route extends RouteDeclaration> = Route['body'] extends infer Schema extends
  core.$ZodType
  ? core.input<Schema>
  : undefined;

/** The path with each `{name}` replaced by its value, percent-encoded. */
export function routePath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/gu, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
