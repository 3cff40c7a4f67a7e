import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';

const KB = 1024;

/** The body every route may send unless it is listed below: a few fields of a form. */
export const DEFAULT_BODY_BYTES = 16 * KB;

/**
 * The routes that need another body limit than the default, by method and path. A body is
 * refused before it is read when it says it is larger (Content-Length), and reading stops at
 * the limit, counted after decompression: a 2 KB gzip bomb is cut off at the limit, never
 * inflated whole.
 */
export const BODY_LIMITS: readonly { method: string; path: RegExp; bytes: number; why: string }[] = [
  { method: 'POST', path: /^\/api\/party-(quote|payment-intent)$/, bytes: 4 * KB, why: 'a ticket selection and a contact' },
  // One analytics event is at most 16,384 characters (ANALYTICS_LIMITS.eventChars), up to twice that in UTF-8 bytes.
  { method: 'POST', path: /^\/api\/analytics$/, bytes: 32 * KB, why: 'one analytics event' },
  { method: 'POST', path: /^\/api\/campaigns$/, bytes: 2 * 1024 * KB, why: 'campaign content with inline images' },
  { method: 'POST', path: /^\/api\/webhooks\//, bytes: 256 * KB, why: "a payment gateway's event" },
];

/** The deepest nesting of arrays and objects any request body needs; deeper is refused unparsed. */
export const MAX_JSON_DEPTH = 32;

export function bodyLimitOf(method: string | undefined, path: string): number {
  return BODY_LIMITS.find((limit) => limit.method === method && limit.path.test(path))?.bytes ?? DEFAULT_BODY_BYTES;
}

/** Readable byte counts for the 413 message: `4 KB`, `2 MB`. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * KB ? `${bytes / (1024 * KB)} MB` : `${bytes / KB} KB`;
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
 * Body parsing whose limits are the route's own (BODY_LIMITS) and whose failures are clear JSON
 * answers: 413 for a body over its limit (however it was compressed) or nested too deep, 400
 * for malformed JSON, 415 for an unknown encoding. Webhook bodies keep their exact bytes for
 * the signature check.
 */
export function mountBodyParsing(app: Express): void {
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
    const limit = bodyLimitOf(req.method, pathOf(req));
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
      res.status(413).json({ message: `Request body is too large (limit ${formatBytes(bodyLimitOf(req.method, pathOf(req)))})` });
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
