import { z, type ZodType } from 'zod';
import { errorResponseSchema, type DeviceRole } from '@festival/contracts';
import type { ApiResponseBody, ApiRouteDoc } from '../../common/route-facts.js';

export type JsonObject = { [key: string]: unknown };

/** What the controllers declare about a route: who may call it and its success status. */
export interface RouteFacts {
  access: 'public' | { roles: readonly DeviceRole[] };
  status: number;
}

/** `GET /api/campaigns/:id` */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

const COMPONENT_PREFIX = '#/components/schemas/';

/** A zod schema as a JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) without its `$schema` line. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/**
 * The named schemas of the document: request bodies as the API reads them (`input`), responses as
 * it writes them (`output`). A schema that differs between the two gets `Output` after its name.
 */
class Components {
  readonly schemas: Record<string, JsonObject> = {};

  ref(schema: ZodType, name: string, io: 'input' | 'output'): JsonObject {
    const generated = jsonSchema(schema, io);
    let id = name;
    if (this.schemas[id] && JSON.stringify(this.schemas[id]) !== JSON.stringify(generated)) id = `${name}Output`;
    this.schemas[id] = generated;
    return { $ref: `${COMPONENT_PREFIX}${id}` };
  }
}

function responseContent(response: ApiResponseBody, components: Components): JsonObject | undefined {
  if ('empty' in response) return undefined;
  if ('mediaType' in response)
    return { [response.mediaType]: { schema: response.mediaType === 'application/json' ? { type: 'object' } : { type: 'string' } } };
  const item =
    'schema' in response
      ? components.ref(response.schema, response.name, 'output')
      : // The contracts declare this answer as a TypeScript type only: the document names it.
        { type: 'object', description: `The contracts' \`${response.type}\` type (packages/contracts).` };
  return { 'application/json': { schema: response.array ? { type: 'array', items: item } : item } };
}

function parameters(route: ApiRouteDoc): JsonObject[] {
  const path = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: route.params?.[name] ? jsonSchema(route.params[name], 'input') : { type: 'string' },
  }));
  const query: JsonObject[] = [];
  if (route.query) {
    const object = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, schema] of Object.entries(object.properties ?? {})) {
      query.push({ name, in: 'query', required: object.required?.includes(name) ?? false, schema });
    }
  }
  return [...path, ...query];
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/**
 * The OpenAPI 3.1 document of the API: one operation per route of `routes` (the handlers'
 * `@ApiRoute`), its request body, query and path parameters and its answer from the zod
 * contracts, and who may call it (`facts`, read from the controllers' `@Public()` and `@Roles(...)`).
 */
export function buildOpenApiDocument(routes: readonly ApiRouteDoc[], facts: ReadonlyMap<string, RouteFacts>, version: string): JsonObject {
  const components = new Components();
  const error = components.ref(errorResponseSchema, 'ErrorResponse', 'output');
  const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: error } } });
  const paths: Record<string, Record<string, JsonObject>> = {};

  for (const route of routes) {
    const fact = facts.get(routeKey(route.method, route.path));
    if (!fact) throw new Error(`API docs: ${routeKey(route.method, route.path)} is not a route of the app`);
    const staffOnly = fact.access !== 'public';
    const roles: readonly string[] = fact.access === 'public' ? [] : ['manager', ...fact.access.roles];
    const content = responseContent(route.response, components);
    const responses: Record<string, JsonObject> = {
      [fact.status]: { description: STATUS_TEXT[fact.status] ?? 'Success', ...(content ? { content } : {}) },
    };
    if (route.body || route.query || route.params) responses['400'] = errorAnswer('Bad input: `message` says what to fix.');
    if (staffOnly) {
      responses['401'] = errorAnswer('No staff session.');
      responses['403'] = errorAnswer('Signed in with a role this route does not allow, or a cross-origin call.');
    }
    responses['429'] = errorAnswer('Too many requests.');
    const operation: JsonObject = {
      operationId: `${route.method.toLowerCase()}${route.path
        .replace(/^\/api/, '')
        .replace(/:(\w+)/g, 'By-$1')
        .split(/[/-]/)
        .filter(Boolean)
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join('')}`,
      summary: route.summary,
      tags: [route.tag],
      security: staffOnly ? [{ staffSession: [] }] : [],
      'x-staff-roles': roles,
      ...(staffOnly ? { description: `Staff only: ${roles.join(', ')}.` } : {}),
      parameters: parameters(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: components.ref(route.body.schema, route.body.name, 'input') } },
            },
          }
        : {}),
      responses,
    };
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] = { ...paths[openApiPath], [route.method.toLowerCase()]: operation };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Diwali Festival API',
      version,
      description:
        'The API of the festival site: guests (public routes) and staff (a session cookie from POST /api/admin/login or a device pass). ' +
        'Request and response schemas come from the zod contracts in packages/contracts. Errors answer `{ "message": "..." }`.',
    },
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'festival.sid',
          description: 'The staff session cookie (HttpOnly, SameSite=Strict).',
        },
      },
    },
  };
}
