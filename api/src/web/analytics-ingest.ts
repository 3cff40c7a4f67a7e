import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpException } from '@nestjs/common';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { ANALYTICS_LIMITS, analyticsEventRequestSchema } from '@festival/contracts';
import { messageOf } from '../common/http-error.filter.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../common/database-unavailable.js';
import { AnalyticsRateLimitGuard } from '../modules/analytics/analytics-rate-limit.guard.js';
import { EventSizePipe } from '../modules/analytics/analytics.controller.js';
import type { AnalyticsService } from '../modules/analytics/analytics.service.js';
import { clientInfo } from '../modules/analytics/client-info.js';
import type { FastPost } from './hot-reads.js';

/** The JSON body limit of the whole API (JSON_BODY_LIMIT, 2 MB) and the beacon's (two events). */
const JSON_LIMIT = 2 * 1024 * 1024;
const TEXT_LIMIT = ANALYTICS_LIMITS.eventChars * 2;
const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** `application/json` or `text/plain`, in UTF-8 (or no charset): what this path takes. */
function bodyKind(contentType: string | undefined): 'json' | 'text' | undefined {
  if (!contentType) return undefined;
  const [type, ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  if (type === 'application/json') return 'json';
  if (type === 'text/plain') return 'text';
  return undefined;
}

/**
 * `POST /api/analytics` ahead of Express: the same steps and answers as AnalyticsController
 * (body limits and parsing as the JSON parser and the beacon middleware, then the rate limit,
 * the size and schema checks, the ingest) without the framework's per-request cost. A request
 * it does not take from its headers (another type or charset, a compressed body) goes to the
 * controller. 204 only once the event is stored.
 */
export function analyticsIngestPath(expressApp: Express, analytics: AnalyticsService, limit: AnalyticsRateLimitGuard, logger: Logger): FastPost {
  const size = new EventSizePipe();
  const schema = new ZodValidationPipe(analyticsEventRequestSchema);

  function send(res: ServerResponse, headers: string[], status: number, message?: string): void {
    if (message === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const body = Buffer.from(JSON.stringify({ message }));
    res.writeHead(status, [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)]);
    res.end(body);
  }

  async function ingest(req: IncomingMessage, kind: 'json' | 'text', raw: string | undefined, headers: string[]): Promise<[number, string?]> {
    // No body at all reads as an empty object, as the JSON parser leaves it.
    let value: unknown = {};
    if (raw !== undefined) {
      try {
        if (kind === 'json' && raw.trim() === '') value = {};
        else if (kind === 'json' && !/^[\s]*[{[]/.test(raw)) throw new SyntaxError('not an object');
        else value = JSON.parse(raw) as unknown;
      } catch {
        return [400, 'Malformed JSON in request body'];
      }
    }
    // The application's request prototype: `req.ip` follows `trust proxy` as in the controller.
    Object.setPrototypeOf(req, expressApp.request);
    try {
      limit.check(req as Request, { setHeader: (name: string, v: unknown) => headers.push(name, String(v)) } as never);
      const event = schema.transform(size.transform(value));
      await analytics.ingest(event, clientInfo(req as Request));
      return [204];
    } catch (error) {
      if (error instanceof HttpException) return [error.getStatus(), messageOf(error)];
      if (isDatabaseUnavailable(error)) {
        logger.warn({ path: '/api/analytics' }, `database unavailable: ${String((error as Error).message ?? error).slice(0, 200)}`);
        headers.push('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control', 'no-store');
        return [503, DATABASE_UNAVAILABLE_MESSAGE];
      }
      logger.error({ err: error, path: '/api/analytics' }, 'unhandled error');
      return [500, SERVER_ERROR];
    }
  }

  return {
    path: '/api/analytics',
    accepts(req) {
      const encoding = req.headers['content-encoding'];
      return (encoding === undefined || encoding === 'identity') && bodyKind(req.headers['content-type']) !== undefined;
    },
    handle(req, res, headers, done) {
      const kind = bodyKind(req.headers['content-type'])!;
      const max = kind === 'json' ? JSON_LIMIT : TEXT_LIMIT;
      const tooLarge = (): [number, string] => (kind === 'json' ? [413, 'Request body is too large (limit 2mb)'] : [400, 'Analytics event is too large']);
      const finish = ([status, message]: [number, string?]) => {
        if (!res.headersSent) send(res, headers, status, message);
        done();
      };
      const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
      if (Number(req.headers['content-length'] ?? 0) > max) {
        req.resume();
        finish(tooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      let refused = false;
      req.on('data', (chunk: Buffer) => {
        if (refused) return;
        length += chunk.length;
        if (length > max) {
          refused = true;
          finish(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      req.on('error', () => {
        refused = true;
      });
      req.on('end', () => {
        if (refused) return;
        const raw = hasBody ? Buffer.concat(chunks, length).toString('utf8') : undefined;
        ingest(req, kind, raw, headers).then(finish, () => finish([500, SERVER_ERROR]));
      });
    },
  };
}
