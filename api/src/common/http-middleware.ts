import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

export const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * One JSON line per request (method, path, status, time) with its request id, which is also sent
 * back as `X-Request-Id`: nginx's `$request_id` when nginx passes one, else a new UUID. The
 * request's own logger (`req.log`) carries only that id as `reqId`, and every line the request's
 * handlers log goes through it (nestjs-pino, in app.module.ts), so one id follows a request
 * through the logs.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // Only the method, path and status: no bodies, no query strings with tokens.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
