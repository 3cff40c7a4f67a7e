import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import { KB, MB, type BodyLimitFact } from './route-facts.js';

/** The body every route may send unless it declares another limit: a few fields of a form. */
export const DEFAULT_BODY_BYTES = 16 * KB;

/**
 * One route's body limit (its `@BodyLimit`, common/route-facts.ts), by method and exact path. A
 * body is refused before it is read when it says it is larger (Content-Length), and reading stops
 * at the limit, counted after decompression: a 2 KB gzip bomb is cut off at the limit, never
 * inflated whole.
 */
export interface BodyLimitRule extends BodyLimitFact {
  method: string;
  path: RegExp;
}

/** The body limit table: every route that declares `@BodyLimit`. */
export function bodyLimitTable(routes: readonly { method: string; pattern: RegExp; bodyLimit?: BodyLimitFact }[]): BodyLimitRule[] {
  return routes.flatMap(({ method, pattern, bodyLimit }) => (bodyLimit ? [{ method, path: pattern, ...bodyLimit }] : []));
}

/** The deepest nesting of arrays and objects any request body needs; deeper is refused unparsed. */
export const MAX_JSON_DEPTH = 32;

export function bodyLimitOf(limits: readonly BodyLimitRule[], method: string | undefined, path: string): number {
  return limits.find((limit) => limit.method === method && limit.path.test(path))?.bytes ?? DEFAULT_BODY_BYTES;
}

/** Readable byte counts for the 413 message: `4 KB`, `2 MB`. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

/**
 * True when JSON text nests arrays and objects deeper than `max`, found in one pass over the
 * text without parsing it (brackets inside strings do not count).
 */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

class BodyTooDeep extends Error {
  readonly type = 'entity.too.deep';
  readonly status = 413;
}

const pathOf = (req: Request) => (req.originalUrl ?? req.url).split('?')[0];

/**
 * Body parsing whose limits are the route's own (`limits`, from the routes' `@BodyLimit`) and whose failures are clear JSON
 * answers: 413 for a body over its limit (however it was compressed) or nested too deep, 400
 * for malformed JSON, 415 for an unknown encoding. Webhook bodies keep their exact bytes for
 * the signature check.
 */
export function mountBodyParsing(app: Express, limits: readonly BodyLimitRule[]): void {
  const parsers = new Map<number, RequestHandler[]>();
  const parsersFor = (bytes: number): RequestHandler[] => {
    let found = parsers.get(bytes);
    if (!found) {
      found = [
        express.json({
          limit: bytes,
          strict: true,
          verify: (req, _res, buf) => {
            if (jsonDepthExceeds(buf.toString('utf8'))) throw new BodyTooDeep('Request body is nested too deeply');
            if (req.url?.startsWith('/api/webhooks/')) (req as typeof req & { rawBody?: Buffer }).rawBody = buf;
          },
        }),
        express.urlencoded({ extended: false, limit: Math.min(bytes, DEFAULT_BODY_BYTES), parameterLimit: 100 }),
      ];
      parsers.set(bytes, found);
    }
    return found;
  };

  app.use((req, res, next) => {
    const limit = bodyLimitOf(limits, req.method, pathOf(req));
    // Refused before a byte is read when the body says it is larger (compressed or not). A body
    // of another type is never read here (the analytics beacon's text has its own reader).
    if (Number(req.headers['content-length'] ?? 0) > limit && req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      res.setHeader('Connection', 'close');
      res.status(413).json({ message: `Request body is too large (limit ${formatBytes(limit)})` });
      return;
    }
    const [json, form] = parsersFor(limit);
    json(req, res, (error?: unknown) => (error ? next(error) : form(req, res, next)));
  });

  const onBodyError: ErrorRequestHandler = (err, req, res, next) => {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      res.status(413).json({ message: `Request body is too large (limit ${formatBytes(bodyLimitOf(limits, req.method, pathOf(req)))})` });
    } else if (type === 'entity.too.deep') {
      res.status(413).json({ message: `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` });
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
