import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

/** The largest JSON body the API accepts; campaign content with inline images needs the most. */
export const JSON_BODY_LIMIT = '2mb';

export const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
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

/** Body parsing whose failures become clear JSON 400 and 413 answers instead of HTML. */
export function mountBodyParsing(app: Express): void {
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      strict: true,
      // Webhook signatures are computed over the exact bytes received.
      verify: (req, _res, buf) => {
        if (req.url?.startsWith('/api/webhooks/')) (req as typeof req & { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));
  const onBodyError: ErrorRequestHandler = (err, _req, res, next) => {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      res.status(413).json({ message: `Request body is too large (limit ${JSON_BODY_LIMIT})` });
    } else if (type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON in request body' });
    } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      res.status(415).json({ message: 'Unsupported request body encoding' });
    } else if (typeof (err as { status?: unknown }).status === 'number' && (err as { status: number }).status < 500) {
      res.status((err as { status: number }).status).json({ message: 'Invalid request body' });
    } else {
      next(err);
    }
  };
  app.use(onBodyError);
}
