import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { SharedRateLimits, type RateRule, type SharedRateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { FIFTEEN_MINUTES_MS } from './login-limit.guard.js';

/** The 429 of a network that sent too many passes that were not valid. */
export const TOO_MANY_PASSES =
  'Too many passes that are not valid were tried from this network. Please wait 15 minutes, or ask the manager to unlock sign-ins.';

/**
 * The limit on device passes (docs/staff-access.md): only passes that are refused (unknown,
 * spent, expired, revoked) count, per client address, against LOGIN_ATTEMPTS_PER_15_MINUTES; a
 * valid unspent pass always signs its device in, whatever other callers on the same network
 * (the venue's Wi-Fi) tried. Passes are 256-bit secrets, so the count guards the service, not
 * the secrets. The manager can clear every count at once (`Unlock sign-ins`). Counted on the
 * shared counters every replica sees (SharedRateLimits).
 */
@Injectable()
export class DevicePassAttempts {
  private readonly rule: RateRule;
  private readonly counter: SharedRateLimiter;

  constructor(
    private readonly limits: SharedRateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rule = {
      name: 'device-pass',
      points: config.admin.loginAttemptsPer15Minutes,
      durationMs: FIFTEEN_MINUTES_MS,
      blockMs: FIFTEEN_MINUTES_MS,
    };
    this.counter = limits.limiter(this.rule);
  }

  /** Counts a refused pass from `address`; over the limit, the refusal becomes a 429. */
  async refused(address: string, refusal: unknown): Promise<never> {
    const decision = await this.counter.hit(address);
    if (!decision.allowed) throw new HttpException(TOO_MANY_PASSES, HttpStatus.TOO_MANY_REQUESTS);
    throw refusal;
  }

  /** `Unlock sign-ins`: every network's count of refused passes forgotten. Answers how many were cleared. */
  async unlockAll(): Promise<number> {
    return this.limits.forgetAll(this.rule);
  }
}
