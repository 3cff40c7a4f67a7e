import type { ThrottlerStorage } from '@nestjs/throttler';
import { IsNull, LessThan, LessThanOrEqual, MoreThan, Or, type Repository } from 'typeorm';
import type { LoginAttemptEntity } from './login-attempt.entity.js';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));
/** Rows whose window ended this long ago are swept now and then. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * @nestjs/throttler's storage in the application database, so the login limit holds across API
 * replicas and restarts. One row per throttler key (the route and the client address Express
 * derived, `req.ip`): a fixed window of `ttl`, and once its hits pass the limit, a block of
 * `blockDuration`. Every change is one conditional UPDATE (or an INSERT that loses quietly to a
 * concurrent one), so two replicas counting the same address never lose a hit, on SQLite and
 * MySQL alike.
 */
export class TypeormThrottlerStorage implements ThrottlerStorage {
  private increments = 0;

  constructor(private readonly attempts: Repository<LoginAttemptEntity>) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = new Date();
    const existing = await this.attempts.findOneBy({ bucket: key });
    if (existing?.blockedUntil && existing.blockedUntil > now) return this.record(existing, now);

    const windowEndsAt = new Date(now.getTime() + ttl);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Within the window: one more hit.
      const counted = await this.attempts.update({ bucket: key, windowEndsAt: MoreThan(now) }, { hits: () => 'hits + 1' });
      if (counted.affected) break;
      // The window has passed (and no block holds): a new one starts with this hit.
      const restarted = await this.attempts.update(
        { bucket: key, windowEndsAt: LessThanOrEqual(now), blockedUntil: Or(IsNull(), LessThanOrEqual(now)) },
        { hits: 1, windowEndsAt, blockedUntil: null },
      );
      if (restarted.affected) break;
      // No row yet: create it empty (or find that another replica just did), then count again.
      await this.attempts
        .createQueryBuilder()
        .insert()
        .values({ bucket: key, hits: 0, windowEndsAt, blockedUntil: null })
        .orIgnore()
        .execute();
    }

    let row = await this.attempts.findOneByOrFail({ bucket: key });
    if (row.hits > limit && !(row.blockedUntil && row.blockedUntil > now) && blockDuration > 0) {
      await this.attempts.update(
        { bucket: key, blockedUntil: Or(IsNull(), LessThanOrEqual(now)) },
        { blockedUntil: new Date(now.getTime() + blockDuration) },
      );
      row = await this.attempts.findOneByOrFail({ bucket: key });
    }
    await this.sweepNowAndThen(now);
    return this.record(row, now);
  }

  private record(row: LoginAttemptEntity, now: Date): ThrottlerStorageRecord {
    const blocked = Boolean(row.blockedUntil && row.blockedUntil > now);
    return {
      totalHits: row.hits,
      timeToExpire: seconds(row.windowEndsAt.getTime() - now.getTime()),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? seconds(row.blockedUntil!.getTime() - now.getTime()) : 0,
    };
  }

  private async sweepNowAndThen(now: Date): Promise<void> {
    this.increments += 1;
    if (this.increments % 100 !== 0) return;
    const old = new Date(now.getTime() - KEEP_MS);
    await this.attempts.delete({ windowEndsAt: LessThan(old), blockedUntil: Or(IsNull(), LessThan(old)) });
  }
}
