import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, Like } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';
import { TypeormThrottlerStorage } from './typeorm-throttler.storage.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
/** The buckets of refused device passes, by client address (`device-pass:203.0.113.7`). */
const BUCKET = 'device-pass:';

/** The 429 of a network that sent too many passes that were not valid. */
export const TOO_MANY_PASSES =
  'Too many passes that are not valid were tried from this network. Please wait 15 minutes, or ask the manager to unlock sign-ins.';

/**
 * The limit on device passes (docs/staff-access.md): only passes that are refused (unknown,
 * spent, expired, revoked) count, per client address, against LOGIN_ATTEMPTS_PER_15_MINUTES; a
 * valid unspent pass always signs its device in, whatever other callers on the same network
 * (the venue's Wi-Fi) tried. Passes are 256-bit secrets, so the count guards the service, not
 * the secrets. The manager can clear every count at once (`Unlock sign-ins`). Kept in the
 * database, shared by every replica.
 */
@Injectable()
export class DevicePassAttempts {
  private readonly storage: TypeormThrottlerStorage;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.storage = new TypeormThrottlerStorage(dataSource.getRepository(LoginAttemptEntity));
  }

  /** Counts a refused pass from `address`; over the limit, the refusal becomes a 429. */
  async refused(address: string, refusal: unknown): Promise<never> {
    const limit = this.config.admin.loginAttemptsPer15Minutes;
    const record = await this.storage.increment(`${BUCKET}${address}`.slice(0, 64), FIFTEEN_MINUTES_MS, limit, FIFTEEN_MINUTES_MS);
    if (record.isBlocked || record.totalHits > limit) throw new HttpException(TOO_MANY_PASSES, HttpStatus.TOO_MANY_REQUESTS);
    throw refusal;
  }

  /** `Unlock sign-ins`: every network's count of refused passes forgotten. Answers how many were cleared. */
  async unlockAll(): Promise<number> {
    const result = await this.dataSource.getRepository(LoginAttemptEntity).delete({ bucket: Like(`${BUCKET}%`) });
    return result.affected ?? 0;
  }
}
