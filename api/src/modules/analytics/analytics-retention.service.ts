import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PeriodicTask } from '../../common/periodic-task.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Events deleted per statement: short transactions, however much is due. */
const BATCH = 5000;

/**
 * Deletes raw analytics events older than ANALYTICS_RETENTION_DAYS, hourly and at start, a batch
 * at a time. The figures the staff read do not change: the funnel and the event dialog read the
 * totals, the people and the attribution counters kept as the events were stored; only the
 * event list loses its oldest rows. Any replica may run it; two at once delete the same rows.
 */
@Injectable()
export class AnalyticsRetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AnalyticsRetentionService.name);
  private readonly task = new PeriodicTask('Analytics retention', EVERY_MS, () => this.deleteExpired(), this.logger);

  constructor(
    @InjectRepository(AnalyticsEventEntity) private readonly events: Repository<AnalyticsEventEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Deletes every event older than the retention; returns how many. */
  async deleteExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.analytics.retentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const ids = await this.events
        .createQueryBuilder('e')
        .select('e.id', 'id')
        .where('e.createdAt < :cutoff', { cutoff })
        .orderBy('e.createdAt', 'ASC')
        .limit(BATCH)
        .getRawMany<{ id: unknown }>();
      if (ids.length === 0) break;
      const result = await this.events.delete(ids.map((r) => Number(r.id)));
      deleted += result.affected ?? ids.length;
      if (ids.length < BATCH) break;
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} analytics events older than ${this.config.analytics.retentionDays} days`);
    return deleted;
  }
}
