import type { Request, RequestHandler } from 'express';
import { GLOBAL_PREFIX } from '../route-facts.js';
import type { FestivalMetrics } from './festival-metrics.js';

/** The `route` label of a request no API route took: a path of the API (404, or refused before routing), or anything else (the built frontends). */
export const UNROUTED = { api: 'unrouted', other: 'static' } as const;

const API_PATH = new RegExp(`^/${GLOBAL_PREFIX}(/|$)`);
const CATCH_ALL = /^\/?[{*]/;

/**
 * The route template of a request, once answered: the path of the Express route that took it
 * (`/api/orders/:id`: the route as Nest declared it, never the URL with its ids), so the label
 * set stays as small as the route table whatever URLs are asked for.
 */
export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  // A catch-all (`{*path}`: the staff session middleware's) took it, but no route answered it.
  if (route && typeof route.path === 'string' && !CATCH_ALL.test(route.path)) return route.path;
  // originalUrl: a router a request passed through may have cut its mount path off `url`.
  return API_PATH.test(req.originalUrl.split('?')[0]) ? UNROUTED.api : UNROUTED.other;
}

/**
 * Counts every response and its latency by route template, method and status. `metrics` is read
 * when a response ends: the middleware is mounted before Nest builds the application that holds them.
 */
export function httpMetrics(metrics: () => FestivalMetrics | undefined): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics()?.httpRequest(routeTemplate(req), req.method, res.statusCode, seconds);
    });
    next();
  };
}
