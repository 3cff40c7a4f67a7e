import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { plainIp } from './client-info.js';
import { FixedWindowRateLimiter } from './ingest-rate-limiter.js';

const MINUTE_MS = 60_000;

/**
 * Caps the analytics events one IP address may send per minute (ANALYTICS_EVENTS_PER_MINUTE),
 * answering 429 with Retry-After beyond it. Its own counter: the staff login limit and this one
 * never count each other's requests.
 */
@Injectable()
export class AnalyticsRateLimitGuard implements CanActivate {
  private readonly limiter: FixedWindowRateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new FixedWindowRateLimiter(config.analytics.eventsPerMinute, MINUTE_MS);
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    this.check(http.getRequest<Request>(), http.getResponse<Response>());
    return true;
  }

  /** Counts one event of this request's address; beyond the limit, sets Retry-After and throws the 429. */
  check(req: Request, res: Pick<Response, 'setHeader'>): void {
    const decision = this.limiter.hit(plainIp(req.ip) ?? 'unknown');
    if (decision.allowed) return;
    res.setHeader('Retry-After', String(decision.retryAfterSeconds));
    throw new HttpException('Too many analytics events from this address. Please slow down.', HttpStatus.TOO_MANY_REQUESTS);
  }
}
