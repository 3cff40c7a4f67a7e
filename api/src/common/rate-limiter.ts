import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  RateLimiterMySQL,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PeriodicTask } from './periodic-task.js';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the caller may send again (0 when allowed). */
  retryAfterSeconds: number;
}

/** One limit: at most `points` hits per key in a fixed window of `durationMs`. */
export interface RateRule {
  /** Names the counter: every key is stored as `name:key`, so two rules never share a count. */
  name: string;
  points: number;
  durationMs: number;
  /** Once over the limit, the key stays refused this long from that hit (none by default). */
  blockMs?: number;
}

/** The table the database counts in (migration 1764002500000-shared-rate-limits). */
export const RATE_LIMITS_TABLE = 'rate_limits';
/** Counters whose window has ended are deleted this often (the `expire` column is indexed). */
const SWEEP_EVERY_MS = 10 * 60_000;
/** The longest key a counter row holds (`key` is a VARCHAR(255)). */
const MAX_KEY = 255;

type RedisClient = ReturnType<typeof createClient>;

/** A counter shared by every replica: `hit` counts one request of `key` and answers whether it may go on. */
export class SharedRateLimiter {
  constructor(
    private readonly rule: RateRule,
    private readonly store: RateLimiterStoreAbstract,
    private readonly logger: Logger,
  ) {}

  async hit(key: string): Promise<RateDecision> {
    try {
      await this.store.consume(key.slice(0, MAX_KEY - this.rule.name.length - 1));
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      // The store is unreachable: the request goes on (the database or Redis answers for itself
      // elsewhere), and the outage is in the log.
      this.logger.warn(`Rate limit ${this.rule.name} not counted: ${String(error)}`);
      return { allowed: true, retryAfterSeconds: 0 };
    }
  }
}

/**
 * Every per-client limit of the API, counted where every replica sees the same count: in the
 * application database by default, on the app's own connection (rate-limiter-flexible's
 * RateLimiterMySQL on TypeORM's mysql2 pool, RateLimiterSQLite on TypeORM's better-sqlite3
 * handle), or in Redis when REDIS_URL is set (RateLimiterRedis). docs/operations.md, "Scaling
 * and shared limits".
 */
@Injectable()
export class SharedRateLimits implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: RedisClient | undefined;
  private redisReady: Promise<unknown> | undefined;
  private readonly sweep: PeriodicTask | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const url = config.rateLimits.redisUrl;
    if (url) {
      // Commands fail at once while disconnected (no queue): a request never waits for Redis.
      this.redis = createClient({
        url,
        disableOfflineQueue: true,
        socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min((retries + 1) * 200, 5000) },
      });
      this.redis.on('error', (error: unknown) => this.logger.warn(`Redis: ${String(error)}`));
      this.redisReady = this.redis.connect().catch((error: unknown) => this.logger.error(`Redis not reached: ${String(error)}`));
    } else {
      this.sweep = new PeriodicTask('RateLimitsSweep', SWEEP_EVERY_MS, () => this.forgetExpired(), this.logger);
      this.sweep.start();
    }
  }

  /** Where the counts are kept, for the logs and the docs. */
  get storeName(): 'redis' | 'database' {
    return this.redis ? 'redis' : 'database';
  }

  /**
   * Resolves once the store can count: Redis connected, or after `waitMs` without it (the API
   * starts anyway, its requests uncounted until Redis answers). The database is ready with the app.
   */
  async ready(waitMs = 5000): Promise<void> {
    if (!this.redisReady) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn(`Redis not connected after ${waitMs} ms: limits are not counted until it is`);
        resolve();
      }, waitMs);
    });
    await Promise.race([this.redisReady, waited]);
    clearTimeout(timer);
  }

  limiter(rule: RateRule): SharedRateLimiter {
    return new SharedRateLimiter(rule, this.store(rule), this.logger);
  }

  /** Forgets every count of a rule (e.g. the manager's `Unlock sign-ins`). Answers how many keys were counting. */
  async forgetAll(rule: Pick<RateRule, 'name'>): Promise<number> {
    const prefix = `${rule.name}:`;
    if (this.redis) {
      let cleared = 0;
      for await (const keys of this.redis.scanIterator({ MATCH: `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, COUNT: 500 })) {
        if (keys.length) cleared += await this.redis.del(keys);
      }
      return cleared;
    }
    // `!` escapes LIKE's wildcards: backslash means different things in MySQL's and SQLite's strings.
    const like = `${prefix.replace(/[!%_]/g, '!$&')}%`;
    const matching = `${this.quote('key')} LIKE ? ESCAPE '!'`;
    const live = await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${RATE_LIMITS_TABLE} WHERE ${matching} AND expire > ?`, [
      like,
      Date.now(),
    ]);
    await this.dataSource.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE ${matching}`, [like]);
    return Number((live as { n: number | string }[])[0]?.n ?? 0);
  }

  /** Deletes the counters whose window has ended (Redis expires its keys by itself). */
  async forgetExpired(now = Date.now()): Promise<void> {
    if (this.redis) return;
    await this.dataSource.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE expire < ?`, [now]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweep?.stop();
    if (this.redis?.isReady) await this.redis.close().catch(() => this.redis?.destroy());
    else if (this.redis?.isOpen) this.redis.destroy();
  }

  private store(rule: RateRule): RateLimiterStoreAbstract {
    const common = {
      keyPrefix: rule.name,
      points: rule.points,
      duration: Math.ceil(rule.durationMs / 1000),
      blockDuration: rule.blockMs ? Math.ceil(rule.blockMs / 1000) : 0,
    };
    if (this.redis) return new RateLimiterRedis({ ...common, storeClient: this.redis, useRedisPackage: true, rejectIfRedisNotReady: true });
    const driver = this.dataSource.driver as unknown as { pool?: unknown; databaseConnection?: unknown; database?: string };
    // The table comes from the migrations; the sweep above deletes ended windows.
    const table = { tableName: RATE_LIMITS_TABLE, tableCreated: true, clearExpiredByTimeout: false };
    if (this.isMysql) {
      return new RateLimiterMySQL({ ...common, ...table, storeClient: driver.pool, storeType: 'pool', dbName: driver.database });
    }
    return new RateLimiterSQLite({ ...common, ...table, storeClient: driver.databaseConnection, storeType: 'better-sqlite3' });
  }

  private get isMysql(): boolean {
    const type = this.dataSource.options.type;
    return type === 'mysql' || type === 'mariadb';
  }

  private quote(column: string): string {
    return this.isMysql ? `\`${column}\`` : `"${column}"`;
  }
}
