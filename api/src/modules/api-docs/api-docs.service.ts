import { Injectable } from '@nestjs/common';
import { buildOpenApiDocument, routeKey, type JsonObject, type RouteFacts } from './openapi-document.js';
import { RouteCatalog } from './route-catalog.js';

/** The OpenAPI document of GET /api/docs, built once from the controllers' declarations (RouteCatalog). */
@Injectable()
export class ApiDocsService {
  private built?: JsonObject;

  constructor(private readonly catalog: RouteCatalog) {}

  document(): JsonObject {
    this.built ??= this.build();
    return this.built;
  }

  private build(): JsonObject {
    const routes = this.catalog.routes();
    const facts = new Map<string, RouteFacts>(
      routes.map((route) => [routeKey(route.method, route.path), { access: route.access, status: route.status }]),
    );
    return buildOpenApiDocument(
      routes.flatMap((route) => (route.doc ? [route.doc] : [])),
      facts,
      '1.0.0',
    );
  }
}
