import { SetMetadata } from '@nestjs/common';
import type { ZodType } from 'zod';

/**
 * What each route declares beside its handler, read once at boot (RouteCatalog in
 * modules/api-docs) into the OpenAPI document, the body limit table and the rate-limit table:
 *
 *     @Post('party-payment-intent')
 *     @ApiRoute({ tag: 'party', summary: 'Hold tickets and start the payment', body: {...}, response: {...} })
 *     @BodyLimit(4 * KB, 'a ticket selection and a contact')
 *     @RateLimit('payment-start')
 *     createOrder(...) {}
 *
 * The method and full path come from Nest's own `@Get/@Post/...` and the controller's prefix.
 */

export const KB = 1024;
export const MB = 1024 * KB;

/** The prefix every controller route is registered under (`app.setGlobalPrefix`). */
export const GLOBAL_PREFIX = 'api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a successful answer carries: a zod schema of the contracts, or the name of the contracts'
 * TypeScript type when the contracts have no schema for it (the document then names the type),
 * or another media type (an HTML page, a calendar file), or nothing (204).
 */
export type ApiResponseBody =
  { schema: ZodType; name: string; array?: boolean } | { type: string; array?: boolean } | { mediaType: string } | { empty: true };

/** One route of the API as its callers see it. Access and the success status come from the controllers. */
export interface ApiRouteDoc {
  method: HttpMethod;
  /** Express form, as the app registers it: `/api/campaigns/:id/send`. */
  path: string;
  tag: string;
  summary: string;
  body?: { schema: ZodType; name: string };
  query?: ZodType;
  /** Schemas of path parameters; parameters not named here are strings. */
  params?: Record<string, ZodType>;
  response: ApiResponseBody;
}

/** A route's own body limit, and what the body is that needs it. */
export interface BodyLimitFact {
  bytes: number;
  why: string;
}

/**
 * The per-client rate limits a route may name. The numbers come from the configuration: the app
 * maps each kind to its limit, window and message (app.factory.ts).
 */
export type RateLimitKind = 'payment-start' | 'analytics-event' | 'waitlist-join' | 'my-tickets-link';

export const API_ROUTE = 'festival:apiRoute';
export const BODY_LIMIT = 'festival:bodyLimit';
export const RATE_LIMIT = 'festival:rateLimit';

/** The route's entry in the OpenAPI document of GET /api/docs (docs/api-docs.md). */
export const ApiRoute = (doc: Omit<ApiRouteDoc, 'method' | 'path'>): MethodDecorator => SetMetadata(API_ROUTE, doc);

/**
 * A body limit other than the default (16 KB, DEFAULT_BODY_BYTES in request-body.ts), checked
 * before the body is read.
 */
export const BodyLimit = (bytes: number, why: string): MethodDecorator => SetMetadata(BODY_LIMIT, { bytes, why } satisfies BodyLimitFact);

/** A per-client rate limit, counted before the body is read (client-rate-limits.ts). */
export const RateLimit = (kind: RateLimitKind): MethodDecorator => SetMetadata(RATE_LIMIT, kind);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The exact pattern of a route's Express path, as the middleware ahead of the routes matches
 * request paths: `/api/campaigns/:id/send` is `^/api/campaigns/[^/]+/send$`. Wildcards and
 * optional parts have no pattern here: a route using them is refused at boot.
 */
export function expressPathPattern(path: string): RegExp {
  const segments = path.slice(1).split('/');
  const unsupported = (segment: string) => /[*?(){}]/.test(segment) || (segment.includes(':') && !/^:\w+$/.test(segment));
  if (!path.startsWith('/') || segments.some(unsupported)) throw new Error(`Route facts: no pattern for the path ${path}`);
  return new RegExp(`^/${segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment))).join('/')}$`);
}
