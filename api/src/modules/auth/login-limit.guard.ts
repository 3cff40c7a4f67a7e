import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { clientAddressOf } from '../../common/client-address.js';
import { SharedRateLimits, type RateRule, type SharedRateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** The 429 of an address that tried too many logins, with when to try again. */
class TooManyLogins extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super('Too many login attempts. Please wait 15 minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    const seconds = String(retryAfterSeconds);
    this.headers = { 'Retry-After': seconds, 'Retry-After-login': seconds };
  }
}

/** Every manager login of one client address in 15 minutes, then a block of 15 minutes from the one past the limit. */
export const loginRule = (config: AppConfig): RateRule => ({
  name: 'login',
  points: config.admin.loginAttemptsPer15Minutes,
  durationMs: FIFTEEN_MINUTES_MS,
  blockMs: FIFTEEN_MINUTES_MS,
});

/**
 * The login limit (docs/staff-access.md): every `POST /api/admin/login` of a client address is
 * counted before the password is looked at, right or wrong, on the shared counters every
 * replica sees (SharedRateLimits), by the address as every per-address cap counts it (an IPv6
 * client by its /64).
 */
@Injectable()
export class LoginLimitGuard implements CanActivate {
  private readonly counter: SharedRateLimiter;

  constructor(limits: SharedRateLimits, @Inject(APP_CONFIG) config: AppConfig) {
    this.counter = limits.limiter(loginRule(config));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const decision = await this.counter.hit(clientAddressOf(context.switchToHttp().getRequest<{ ip?: string }>()));
    if (!decision.allowed) throw new TooManyLogins(decision.retryAfterSeconds);
    return true;
  }
}
