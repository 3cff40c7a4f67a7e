import { Injectable, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { DeviceRole } from '@festival/contracts';
import {
  API_ROUTE,
  BODY_LIMIT,
  expressPathPattern,
  GLOBAL_PREFIX,
  RATE_LIMIT,
  type ApiRouteDoc,
  type BodyLimitFact,
  type HttpMethod,
  type RateLimitKind,
} from '../../common/route-facts.js';
import { IS_PUBLIC } from '../auth/public.decorator.js';
import { ALLOWED_ROLES } from '../staff/roles.decorator.js';

/** One controller route with everything its handler and controller declare about it. */
export interface CatalogRoute {
  method: HttpMethod;
  /** Express form, as the app registers it: `/api/campaigns/:id/send`. */
  path: string;
  /** The exact pattern of `path` for the middleware ahead of the routes. */
  pattern: RegExp;
  /** `@ApiRoute`, with the method and path. */
  doc?: ApiRouteDoc;
  /** `@BodyLimit` */
  bodyLimit?: BodyLimitFact;
  /** `@RateLimit` */
  rateLimit?: RateLimitKind;
  /** `@Public()`, or the device roles of `@Roles(...)` besides the manager. */
  access: 'public' | { roles: readonly DeviceRole[] };
  /** `@HttpCode`, or Nest's default. */
  status: number;
}

const asList = (path: string | string[] | undefined): string[] => (Array.isArray(path) ? path : [path ?? '']);

const joinPath = (...parts: string[]) => `/${parts.join('/').split('/').filter(Boolean).join('/')}`;

/**
 * Every controller route of the app, read once through Nest's discovery from the decorators on
 * its handler and controller (common/route-facts.ts, `@Public`, `@Roles`, `@HttpCode`): the
 * source of the OpenAPI document and of the body and rate-limit tables (app.factory.ts).
 */
@Injectable()
export class RouteCatalog {
  private read?: readonly CatalogRoute[];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  routes(): readonly CatalogRoute[] {
    this.read ??= this.readRoutes();
    return this.read;
  }

  private readRoutes(): CatalogRoute[] {
    const routes: CatalogRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const bases = asList(this.reflector.get<string | string[] | undefined>(PATH_METADATA, controller));
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const handlerPaths = this.reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        const requestMethod = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (handlerPaths === undefined || requestMethod === undefined) continue;
        const method = RequestMethod[requestMethod] as HttpMethod;
        const targets = [handler, controller];
        const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false;
        const roles = this.reflector.getAllAndOverride<DeviceRole[] | undefined>(ALLOWED_ROLES, targets) ?? [];
        const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ?? (method === 'POST' ? 201 : 200);
        const doc = this.reflector.get<Omit<ApiRouteDoc, 'method' | 'path'> | undefined>(API_ROUTE, handler);
        const bodyLimit = this.reflector.get<BodyLimitFact | undefined>(BODY_LIMIT, handler);
        const rateLimit = this.reflector.get<RateLimitKind | undefined>(RATE_LIMIT, handler);
        for (const base of bases) {
          for (const handlerPath of asList(handlerPaths)) {
            const path = joinPath(GLOBAL_PREFIX, base, handlerPath);
            routes.push({
              method,
              path,
              pattern: expressPathPattern(path),
              ...(doc ? { doc: { method, path, ...doc } } : {}),
              ...(bodyLimit ? { bodyLimit } : {}),
              ...(rateLimit ? { rateLimit } : {}),
              access: isPublic ? 'public' : { roles },
              status,
            });
          }
        }
      }
    }
    return routes;
  }
}
