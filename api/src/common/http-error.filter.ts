import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-unavailable.js';
import { DomainError } from './domain-error.js';
import { GuestRefusal } from './guest-refusals.js';

export function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') return message;
  }
  return exception.message;
}

/**
 * Every error leaves the API as JSON `{ message }`. A GuestRefusal is answered in the language
 * the request asks for (`Accept-Language`, which the pages set to theirs), with its code beside
 * a translated message (docs/languages.md). A DomainError (a declined card, a payment
 * service out of reach) is answered with its own status and answer; a 5xx one is logged as a
 * warning. A database out of reach (stopped,
 * restarting, connection cut) is a 503 with `Retry-After`, logged as a warning. Other
 * unexpected errors are logged with their stack and answered with a plain 500 that carries no
 * internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;

    if (exception instanceof GuestRefusal) {
      exception.send(req, res);
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const headers = (exception as HttpException & { headers?: Record<string, string> }).headers;
      if (headers) res.set(headers);
      res.status(status).json({ message: messageOf(exception) });
      return;
    }
    if (exception instanceof DomainError) {
      if (exception.status >= 500) {
        this.logger.warn(
          { reqId: (req as Request & { id?: unknown }).id, path: req.path },
          `${exception.name}: ${exception.message.slice(0, 200)}`,
        );
      }
      if (exception.refusal) new GuestRefusal(exception.status, exception.refusal, {}, exception.answer).send(req, res);
      else res.status(exception.status).json({ message: exception.answer });
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(
        { code: (exception as { code?: unknown }).code, reqId: (req as Request & { id?: unknown }).id, path: req.path },
        `database unavailable: ${String((exception as Error).message ?? exception).slice(0, 200)}`,
      );
      res
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .set('Cache-Control', 'no-store')
        .json({ message: DATABASE_UNAVAILABLE_MESSAGE });
      return;
    }
    this.logger.error({ err: exception, reqId: (req as Request & { id?: unknown }).id, path: req.path }, 'unhandled error');
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'Something went wrong on our side. Please try again.' });
  }
}
