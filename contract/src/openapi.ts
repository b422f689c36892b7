/**
 * The OpenAPI 3.1 description of the API, generated from the route table and the
 * schemas (zod's own `z.toJSONSchema`, JSON Schema 2020-12, which OpenAPI 3.1 uses).
 * Entities and bodies go to `components.schemas`; queries and path ids become parameters.
 */
import { z } from 'zod';
import {
  blindbagRecordSchema,
  clientConfigSchema,
  crateBackupSchema,
  friendSchema,
  healthSchema,
  hotpRowSchema,
  importSchema,
  latestListenRowSchema,
  moodSchema,
  recordSchema,
  spinDetailRowSchema,
  spinListItemSchema,
  spinSchema,
  userSchema,
  yearReviewSchema,
} from './entities.js';
import { ERROR_CODES, errorBodySchema } from './errors.js';
import { idField, idInputSchema } from './fields.js';
import { errorStatuses, ROUTES, type RouteContract } from './routes.js';
import { APP_VERSION } from './version.js';

type JsonObject = { [key: string]: unknown };

/** The named entities of API.md, as they appear in `components.schemas`. */
const ENTITIES: Array<[string, z.ZodType]> = [
  ['User', userSchema],
  ['Mood', moodSchema],
  ['Record', recordSchema],
  ['Spin', spinSchema],
  ['SpinListItem', spinListItemSchema],
  ['SpinDetailRow', spinDetailRowSchema],
  ['Friend', friendSchema],
  ['HotOffThePressRow', hotpRowSchema],
  ['LatestListensRow', latestListenRowSchema],
  ['BlindbagRecord', blindbagRecordSchema],
  ['Import', importSchema],
  ['CrateBackup', crateBackupSchema],
  ['Health', healthSchema],
  ['ClientConfig', clientConfigSchema],
  ['YearReview', yearReviewSchema],
  ['Error', errorBodySchema],
];

const STATUS_TEXT: { [status: number]: string } = {
  400: 'validation_failed: missing or invalid input (body, query, path id), or malformed JSON',
  401: 'unauthenticated (no valid session), or invalid_credentials at login',
  403: 'forbidden: a state-changing request from another origin',
  404: 'not_found: missing or not visible to the caller',
  408: "request_timeout: the request's headers or body did not arrive within 30 s",
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long: a URL longer than the server reads',
  415: 'unsupported_media_type: the body is not JSON',
  429: 'rate_limited; see Retry-After',
  431: "headers_too_large: request headers over the server's limit",
  500: 'internal',
  503: 'unavailable: the database cannot be reached; see Retry-After',
};

/** The response headers of API.md "Lists at scale" and "Conventions", by name. */
const HEADERS: { [name: string]: JsonObject } = {
  ETag: {
    description:
      'The tag of this answer; send it back in If-None-Match to get 304 while the answer is unchanged',
    schema: { type: 'string' },
  },
  Link: {
    description:
      'RFC 8288 `<url>; rel="next"`: the next page (same path and query, with a cursor), when more follow',
    schema: { type: 'string' },
  },
  'X-Total-Count': {
    description: 'How many items the whole list has (on every paged answer)',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1 },
  },
};

/** The headers of a route's success answer. */
function successHeaders(route: RouteContract): JsonObject | undefined {
  const names = [...(route.etag ? ['ETag'] : []), ...(route.paged ? ['Link', 'X-Total-Count'] : [])];
  return names.length > 0 ? Object.fromEntries(names.map((name) => [name, HEADERS[name]])) : undefined;
}

/** `getApiRecordImportId` for `GET /api/record/import/{id}`. */
function operationId(route: RouteContract): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** An id's input is documented as what it is on the wire, not as the parser's `unknown`. */
const idInputJson = (() => {
  const { $schema: _drop, ...json } = z.toJSONSchema(idInputSchema) as JsonObject;
  return json;
})();

const generatorOptions = {
  target: 'draft-2020-12' as const,
  unrepresentable: 'any' as const,
  override: (ctx: { zodSchema: unknown; jsonSchema: JsonObject }) => {
    if (ctx.zodSchema === idField) {
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, idInputJson);
    }
  },
  uri: (id: string) => `#/components/schemas/${id}`,
};

/** The `parameters` of an object schema given `in` a query or a path. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path'): JsonObject[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { ...generatorOptions, io: 'input' }) as JsonObject;
  const properties = (json.properties ?? {}) as { [name: string]: JsonObject };
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/**
 * Builds the OpenAPI 3.1 document of the API.
 * @returns a plain JSON object (`openapi: "3.1.0"`), the same on every call
 */
export function buildOpenApiDocument(): JsonObject {
  const output = z.registry<{ id: string }>();
  const input = z.registry<{ id: string }>();
  for (const [id, schema] of ENTITIES) output.add(schema, { id });

  const ref = (registry: typeof output, schema: z.ZodType, id: string) => {
    const known = registry.get(schema)?.id;
    if (!known) registry.add(schema, { id });
    return { $ref: `#/components/schemas/${known ?? id}` };
  };

  const paths: { [path: string]: { [method: string]: JsonObject } } = {};
  for (const route of ROUTES) {
    const opId = operationId(route);
    const name = opId[0]!.toUpperCase() + opId.slice(1);
    const responses: JsonObject = {};
    const { success } = route;
    const content: JsonObject = {};
    if (success.schema)
      content['application/json'] = { schema: ref(output, success.schema, `${name}Response`) };
    for (const [type, other] of Object.entries(success.otherContent ?? {})) {
      content[type] = { schema: { type: 'string', description: other.description } };
    }
    const headers = successHeaders(route);
    responses[String(success.status)] = {
      description: success.description,
      ...(headers ? { headers } : {}),
      ...(Object.keys(content).length > 0 ? { content } : {}),
    };
    if (success.repeat)
      responses[String(success.repeat.status)] = { description: success.repeat.description, content };
    if (route.etag) {
      responses['304'] = {
        description: 'Not modified: If-None-Match named the current ETag (no body)',
        headers: { ETag: HEADERS.ETag },
      };
    }
    for (const status of errorStatuses(route)) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'error',
        ...(status === 429 || status === 503 ? { headers: { 'Retry-After': HEADERS['Retry-After'] } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const operation: JsonObject = {
      operationId: opId,
      summary: route.summary,
      tags: [route.path.split('/')[2] ?? 'api'],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses,
    };
    if (route.auth) operation.security = [{ session: [] }];
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: ref(input, route.body, `${name}Body`) } },
      };
    }
    (paths[route.path] ??= {})[route.method] = operation;
  }

  const outputSchemas = (
    z.toJSONSchema(output, { ...generatorOptions, io: 'output' }) as { schemas: JsonObject }
  ).schemas;
  const inputSchemas = (
    z.toJSONSchema(input, { ...generatorOptions, io: 'input' }) as { schemas: JsonObject }
  ).schemas;
  const schemas: JsonObject = {};
  for (const [id, schema] of Object.entries({ ...outputSchemas, ...inputSchemas })) {
    const { $schema: _drop, $id: _id, ...rest } = schema as JsonObject;
    schemas[id] = rest;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Spincrate API',
      version: APP_VERSION,
      description:
        'The HTTP API of Spincrate, generated from the zod schemas of @spincrate/contract. ' +
        `Every error has the body {error: {code, message, fields?}}; codes: ${Object.keys(ERROR_CODES).join(', ')}.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'spincrate.sid',
          description: 'The session cookie set by POST /api/user/login',
        },
      },
    },
  };
}
