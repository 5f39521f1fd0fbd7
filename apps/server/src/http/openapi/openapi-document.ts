import * as contract from '@tollgate/contract';
import type { z } from 'zod';
import { SchemaConverter, schemaNames, type JsonSchema } from './json-schema.js';
import { OPENAPI_TAGS } from './openapi-tags.js';
import type { RegisteredRoute } from './route-catalog.js';
import { isHidden, type AnswerKind, type AuthLevel, type RouteDescription, type WildcardPath } from './route-description.js';

/** The surfaces the document covers: a route elsewhere (the console's files) is not part of the API. */
const API_PREFIXES = ['/api', '/v1', '/v1beta', '/dashboard', '/healthz', '/readyz', '/metrics'];

const isApiRoute = (url: string) => API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}*`));

/** The methods an OpenAPI path item has; Fastify's `all` adds others (QUERY), which only a hidden route may have. */
const OPENAPI_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** What an undescribed route is tagged: the drift check (test/openapi.test.ts) fails on it. */
export const UNDESCRIBED_TAG = 'Undescribed';

/** Fastify's `/api/token/:id` as OpenAPI writes it: `/api/token/{id}`; a trailing `*` is `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{path}');
}

/** The OpenAPI paths a route serves: its own, or one per wildcard variant. */
export function pathsOf(route: RegisteredRoute): (Partial<WildcardPath> & { path: string })[] {
  const description = route.description;
  if (description && !isHidden(description) && description.wildcard && route.url.endsWith('*')) {
    const stem = openApiPath(route.url.slice(0, -1));
    return description.wildcard.map((variant) => ({ ...variant, path: `${stem}${variant.path}` }));
  }
  return [{ path: openApiPath(route.url) }];
}

const SECURITY: Record<AuthLevel, Record<string, string[]>[] | undefined> = {
  public: undefined,
  user: [{ session: [] }, { accessToken: [] }],
  admin: [{ session: [] }, { accessToken: [] }],
  root: [{ session: [] }, { accessToken: [] }],
  key: [{ key: [] }],
  'anthropic-key': [{ anthropicKey: [] }, { key: [] }],
  'gemini-key': [{ googleKey: [] }, { googleKeyQuery: [] }, { key: [] }],
  'metrics-token': [{ metricsToken: [] }],
};

const WHO: Record<AuthLevel, string> = {
  public: 'Anyone may call it.',
  user: 'For a signed-in user.',
  admin: 'For administrators (role 10 and up).',
  root: 'For the root user only.',
  key: 'Authorized by a relay key.',
  'anthropic-key': 'Authorized by a relay key.',
  'gemini-key': 'Authorized by a relay key.',
  'metrics-token': 'For the scraper: METRICS_TOKEN as a bearer token.',
};

const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The console\'s session cookie, set by POST /api/user/login.' },
  accessToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A user\'s system access token (GET /api/user/token), as is or after `Bearer `.' },
  key: { type: 'http', scheme: 'bearer', bearerFormat: 'sk-…', description: 'A relay key created in the console (Keys), as `Authorization: Bearer sk-…`.' },
  anthropicKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A relay key, as Anthropic\'s SDKs send it.' },
  googleKey: { type: 'apiKey', in: 'header', name: 'x-goog-api-key', description: 'A relay key, as Google\'s SDKs send it.' },
  googleKeyQuery: { type: 'apiKey', in: 'query', name: 'key', description: 'A relay key in the query string, as Google\'s REST examples send it.' },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, which /metrics on the main port requires.' },
};

const ENVELOPE_FIELDS = {
  success: { type: 'boolean' },
  message: { type: 'string', description: 'Empty on success; on failure, what went wrong, in the console\'s language (Accept-Language).' },
};

const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  Envelope: {
    type: 'object',
    description: 'Every /api answer. A refusal the console shows as a message (a permission, a business rule) is HTTP 200 with `success: false`, as one-api answered.',
    required: ['success', 'message'],
    properties: { ...ENVELOPE_FIELDS, data: {} },
  },
  Refusal: {
    type: 'object',
    description: 'A refused value: `success` is false and `field` names the field (`models`, `items.0.price`).',
    required: ['success', 'message'],
    properties: { ...ENVELOPE_FIELDS, success: { const: false }, field: { type: 'string' } },
  },
  RelayError: {
    type: 'object',
    description: 'An error in the protocol\'s own shape: OpenAI\'s `{error: {message, type, param, code}}`, Anthropic\'s `{type: "error", error}`, Google\'s `{error: {code, message, status}}`.',
  },
};

const RESPONSES = {
  Refused: { description: 'A malformed value (a number out of range, a wrong type), naming the field.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } },
  NotSignedIn: { description: 'No session and no access token.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
  RelayError: { description: 'Refused or failed, in the protocol\'s error shape.', content: { 'application/json': { schema: { $ref: '#/components/schemas/RelayError' } } } },
};

const isKeyLevel = (auth: AuthLevel) => auth === 'key' || auth === 'anthropic-key' || auth === 'gemini-key';

function answerContent(kind: AnswerKind, data: JsonSchema | undefined): Record<string, { schema: JsonSchema }> {
  switch (kind) {
    case 'envelope':
      return { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, ...(data ? [{ properties: { data } }] : [])] } } };
    case 'json':
      return { 'application/json': { schema: data ?? {} } };
    case 'json-or-stream':
      return { 'application/json': { schema: data ?? {} }, 'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events, when the request asks for a stream.' } } };
    case 'csv':
      return { 'text/csv': { schema: { type: 'string' } } };
    case 'text':
      return { 'text/plain': { schema: { type: 'string' } } };
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
    case 'binary':
      return { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
  }
}

/** An object schema's properties as OpenAPI parameters `in` the query or the path. */
function parametersOf(schema: JsonSchema, where: 'query' | 'path'): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: where, required: where === 'path' || required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) };
  });
}

function pathParameters(path: string, params: JsonSchema | undefined): JsonSchema[] {
  const described = new Map(params ? parametersOf(params, 'path').map((parameter) => [parameter.name as string, parameter]) : []);
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => described.get(name as string) ?? { name, in: 'path', required: true, schema: { type: 'string' } });
}

function operationId(method: string, path: string): string {
  return `${method}${path.replace(/\{([^}]+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ? next.toUpperCase() : ''))}`;
}

class DocumentBuilder {
  readonly paths: Record<string, Record<string, JsonSchema>> = {};
  readonly schemas = new SchemaConverter(schemaNames(contract));
  /** Left out on purpose, by path and reason: listed so that a reader (and the drift check) sees all of them. */
  readonly hidden: { url: string; methods: string[]; reason: string }[] = [];

  add(route: RegisteredRoute): void {
    const method = route.method.toLowerCase();
    const description = route.description;
    if (isHidden(description)) return this.hide(route, description.hidden);
    if (!description && !isApiRoute(route.url)) return;
    // Fastify's `all` registers methods OpenAPI has no slot for (QUERY): listed with the hidden ones, so none is lost.
    if (!OPENAPI_METHODS.has(method)) return this.hide(route, `OpenAPI has no ${route.method} method`);
    for (const { path, ...overrides } of pathsOf(route)) {
      (this.paths[path] ??= {})[method] = description ? this.operation(method, path, { ...description, ...overrides, wildcard: undefined }) : this.undescribed(method, path, route);
    }
  }

  private hide(route: RegisteredRoute, reason: string): void {
    const same = this.hidden.find((entry) => entry.url === route.url && entry.reason === reason);
    if (same) same.methods.push(route.method);
    else this.hidden.push({ url: route.url, methods: [route.method], reason });
  }

  private undescribed(method: string, path: string, route: RegisteredRoute): JsonSchema {
    return {
      operationId: operationId(method, path),
      tags: [UNDESCRIBED_TAG],
      summary: '',
      'x-undescribed': `${route.method} ${route.url}`,
      responses: { default: { description: 'Not described yet.' } },
    };
  }

  private convert(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
    return schema ? this.schemas.convert(schema, io) : undefined;
  }

  private reference(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
    return schema ? this.schemas.reference(schema, io) : undefined;
  }

  private operation(method: string, path: string, description: RouteDescription): JsonSchema {
    const kind = description.answer ?? (isKeyLevel(description.auth) ? 'json' : 'envelope');
    const queries = [description.query ?? []].flat().map((schema) => this.schemas.convert(schema, 'input'));
    const body = this.reference(description.body, 'input');
    const parameters = [...pathParameters(path, this.convert(description.params, 'input')), ...queries.flatMap((query) => parametersOf(query, 'query'))];
    const takesInput = parameters.length > 0 || body !== undefined;
    const consoleLevel = description.auth === 'user' || description.auth === 'admin' || description.auth === 'root';
    const responses: Record<string, unknown> = {
      200: { description: 'Done.', content: answerContent(kind, this.reference(description.data, 'output')) },
      ...(takesInput && !isKeyLevel(description.auth) ? { 400: { $ref: '#/components/responses/Refused' } } : {}),
      ...(consoleLevel ? { 401: { $ref: '#/components/responses/NotSignedIn' } } : {}),
      ...(isKeyLevel(description.auth) ? { default: { $ref: '#/components/responses/RelayError' } } : {}),
    };
    const security = SECURITY[description.auth];
    return {
      operationId: operationId(method, path),
      tags: [description.tag],
      summary: description.summary,
      description: [WHO[description.auth], description.description].filter(Boolean).join('\n\n'),
      'x-auth-level': description.auth,
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { [description.bodyType ?? 'application/json']: { schema: body } } } } : {}),
      responses,
      ...(security ? { security } : { security: [] }),
      ...(description.externalDocs ? { externalDocs: { url: description.externalDocs } } : {}),
    };
  }
}

export interface DocumentInfo {
  version: string;
}

/** The OpenAPI 3.1 document of every route the app registered (hidden ones and the console's files aside). */
export function openApiDocument(routes: readonly RegisteredRoute[], info: DocumentInfo): JsonSchema {
  const builder = new DocumentBuilder();
  for (const route of routes) builder.add(route);
  const paths = Object.fromEntries(Object.entries(builder.paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Tollgate API',
      version: info.version,
      description:
        'The console\'s API under /api (answers in the `{success, message, data}` envelope) and the relay under /v1 and /v1beta in OpenAI\'s, Anthropic\'s and Google\'s shapes. Generated from the routes the server registered and the zod schemas it validates with.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: [...OPENAPI_TAGS],
    paths,
    components: { schemas: { ...COMPONENT_SCHEMAS, ...builder.schemas.components }, responses: RESPONSES, securitySchemes: SECURITY_SCHEMES },
    'x-hidden-routes': builder.hidden,
  };
}
