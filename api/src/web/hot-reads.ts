import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { etagMatches, type HotAnswer, type HotRead } from '../common/hot-read.js';
import { REQUEST_ID } from '../common/http-middleware.js';
import { SESSION_COOKIE } from '../modules/auth/session.middleware.js';

export interface HotRoute {
  /** The exact path, e.g. `/api/drinks` (any query string is ignored, as the controllers do). */
  path: string;
  read: HotRead<unknown>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A POST answered ahead of Express. `accepts` decides from the headers alone (nothing read yet)
 * whether it takes the request; otherwise the application gets it untouched. `handle` receives
 * the common headers (security headers and X-Request-Id) to send with its answer.
 */
export interface FastPost {
  path: string;
  accepts(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse, headers: string[], done: () => void): void;
}

/** The headers a middleware sets on every response, collected once from a stand-in response. */
export function staticHeadersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: OutgoingHttpHeader) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => undefined);
  return [...headers];
}

/**
 * The public hot reads (`/api/site`, `/api/drinks`, `/api/party-ticket-stats`) answered straight
 * from their in-process caches before Express and Nest see the request: the same bytes, ETag,
 * Cache-Control and security headers the controllers answer, a 304 for a matching
 * `If-None-Match`, and the request logged as the other requests are. A staff request (it carries
 * the session cookie, which each request renews), any other method or path, and a cache that
 * cannot be loaded go on to the application as before.
 */
export function mountHotReads(server: Server, routes: HotRoute[], securityHeaders: RequestHandler, logger: Logger, posts: FastPost[] = []): void {
  const listeners = server.listeners('request') as Listener[];
  if (listeners.length !== 1) throw new Error(`Expected one request listener on the HTTP server, found ${listeners.length}`);
  const [application] = listeners;
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const postsByPath = new Map(posts.map((post) => [post.path, post]));
  const common = staticHeadersOf(securityHeaders).flat();
  const sessionCookie = `${SESSION_COOKIE}=`;

  const requestId = (req: IncomingMessage) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
  const logged = (id: string, req: IncomingMessage, path: string, res: ServerResponse, started: number) => {
    if (!logger.isLevelEnabled('info')) return;
    logger.info({ req: { id, method: req.method, path }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) }, 'request completed');
  };

  function answer(req: IncomingMessage, res: ServerResponse, route: HotRoute, hot: HotAnswer<unknown>, started: number): void {
    const id = requestId(req);
    const notModified = etagMatches(req.headers['if-none-match'], hot.etag);
    const headers = [...common, 'X-Request-Id', id, 'Cache-Control', route.read.cacheControl, 'ETag', hot.etag];
    if (notModified) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(hot.body.length));
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : hot.body);
    }
    logged(id, req, route.path, res, started);
  }

  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (req.headers.cookie?.includes(sessionCookie)) return application(req, res);
    if (req.method === 'POST') {
      const post = postsByPath.get(path);
      if (!post?.accepts(req)) return application(req, res);
      const started = performance.now();
      const id = requestId(req);
      post.handle(req, res, [...common, 'X-Request-Id', id], () => logged(id, req, path, res, started));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return application(req, res);
    const route = byPath.get(path);
    if (!route) return application(req, res);
    const started = performance.now();
    const fresh = route.read.peek();
    if (fresh) return answer(req, res, route, fresh, started);
    route.read.get().then(
      (hot) => answer(req, res, route, hot, started),
      () => application(req, res),
    );
  });
}
