import { Injectable, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { DeviceRole } from '@festival/contracts';
import { IS_PUBLIC } from '../auth/public.decorator.js';
import { ALLOWED_ROLES } from '../staff/roles.decorator.js';
import { API_ROUTES } from './api-routes.js';
import { buildOpenApiDocument, routeKey, type JsonObject, type RouteFacts } from './openapi-document.js';

const GLOBAL_PREFIX = 'api';

const joinPath = (...parts: (string | string[] | undefined)[]) =>
  `/${parts
    .flat()
    .filter((part): part is string => typeof part === 'string')
    .join('/')
    .split('/')
    .filter(Boolean)
    .join('/')}`;

/** The OpenAPI document of GET /api/docs, built once from the route table and the controllers' declarations. */
@Injectable()
export class ApiDocsService {
  private built?: JsonObject;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  document(): JsonObject {
    this.built ??= buildOpenApiDocument(API_ROUTES, this.routeFacts(), '1.0.0');
    return this.built;
  }

  /** Access and success status of every controller route, from the decorators the guard reads. */
  private routeFacts(): Map<string, RouteFacts> {
    const facts = new Map<string, RouteFacts>();
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const base = this.reflector.get<string | string[] | undefined>(PATH_METADATA, controller);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const handlerPath = this.reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        const requestMethod = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (handlerPath === undefined || requestMethod === undefined) continue;
        const method = RequestMethod[requestMethod];
        const targets = [handler, controller];
        const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false;
        const roles = this.reflector.getAllAndOverride<DeviceRole[] | undefined>(ALLOWED_ROLES, targets) ?? [];
        const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ?? (method === 'POST' ? 201 : 200);
        facts.set(routeKey(method, joinPath(GLOBAL_PREFIX, base, handlerPath)), { access: isPublic ? 'public' : { roles }, status });
      }
    }
    return facts;
  }
}
