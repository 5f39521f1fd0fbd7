import type { z } from 'zod';
import type { OpenApiTag } from './openapi-tags.js';

/**
 * Who may call a route, as the document tells it: the console's levels (a session cookie or a user's access
 * token, checked by modules/auth/console-roles.ts) and the relay's key, in each protocol's own header.
 */
export type AuthLevel = 'public' | 'user' | 'admin' | 'root' | 'key' | 'anthropic-key' | 'gemini-key' | 'metrics-token';

/** What a route answers with on success. */
export type AnswerKind =
  /** `{success, message, data}` (http/envelope.ts): the console API's answers. */
  | 'envelope'
  /** A JSON body in the route's own shape (the relay's vendor shapes, the probes). */
  | 'json'
  /** JSON, or Server-Sent Events when the request asks for a stream. */
  | 'json-or-stream'
  | 'csv'
  | 'text'
  | 'html'
  /** Whatever the upstream or the file answers (audio, a proxied body, a script). */
  | 'binary';

/** One OpenAPI path a wildcard route stands for (Gemini's `models/{model}:generateContent`...). */
export interface WildcardPath extends Partial<Pick<RouteDescription, 'body' | 'query' | 'answer' | 'description'>> {
  /** What replaces the route's trailing `*`, in OpenAPI's templating: `{model}:generateContent`. */
  path: string;
  summary: string;
}

/**
 * A route's description, written next to it (`app.get(path, doc('...'), handler)`) and read from Fastify's
 * route config by the onRoute hook (route-catalog.ts): the OpenAPI document is generated from what Fastify
 * registered, so a route cannot be served without appearing in it. Schemas are the contract's zod schemas
 * the services parse with: the document converts them (z.toJSONSchema), it does not keep a copy.
 */
export interface RouteDescription {
  summary: string;
  /** The group the route is listed under (openapi-tags.ts). */
  tag: OpenApiTag;
  auth: AuthLevel;
  /** Longer text: what the route does beyond its summary (Markdown). */
  description?: string;
  /** The query's schema; several when the route parses the query with more than one (a range and a top list). */
  query?: z.ZodType | readonly z.ZodType[];
  params?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (the audio transcriptions' multipart form). */
  bodyType?: 'application/json' | 'multipart/form-data';
  answer?: AnswerKind;
  /** The schema of an envelope answer's `data`, or of a JSON answer's body. */
  data?: z.ZodType;
  /** The vendor's reference for a relay route, whose full shape is the vendor's. */
  externalDocs?: string;
  /** The OpenAPI paths a route ending in `*` serves; without them the `*` is written `{path}`. */
  wildcard?: readonly WildcardPath[];
}

/** A route left out of the document, with the reason (a CORS preflight, an endpoint that only answers 501). */
export interface HiddenRoute {
  hidden: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDescription | HiddenRoute;
  }
}

type Defaults = Pick<RouteDescription, 'tag' | 'auth'> & Partial<Omit<RouteDescription, 'summary'>>;

/** Route options carrying a description: the second argument of `app.get(path, options, handler)`. */
export interface DescribedRoute {
  config: { openapi: RouteDescription | HiddenRoute };
}

/**
 * A routes file's describer: the file's tag and auth level once, then `doc(summary, more)` per route, e.g.
 * `const doc = describeRoutes({ tag: 'Keys', auth: 'user' }); app.post('/', doc('Create a key', { body: CreateTokenRequestSchema }), handler)`.
 */
export function describeRoutes(defaults: Defaults): (summary: string, more?: Partial<Omit<RouteDescription, 'summary'>>) => DescribedRoute {
  return (summary, more = {}) => ({ config: { openapi: { ...defaults, ...more, summary } } });
}

/** Options that leave a route out of the document, saying why. */
export const hiddenRoute = (reason: string): DescribedRoute => ({ config: { openapi: { hidden: reason } } });

export const isHidden = (description: RouteDescription | HiddenRoute | undefined): description is HiddenRoute => description !== undefined && 'hidden' in description;
