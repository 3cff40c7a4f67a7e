import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
import { FestivalMetrics, type GaugeSources, type QueueBacklog } from '../../common/metrics/festival-metrics.js';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { MailService } from '../mail/mail.service.js';

/** The queue label of the campaigns' recipients (the other queues are the mail outboxes'). */
export const CAMPAIGN_QUEUE = 'campaign_recipients';

/** What a mysql2 pool keeps (its own fields: the library has no public counts). */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * The gauges' readings at scrape time, each one cheap indexed query: every e-mail queue's backlog
 * (the outboxes through MailService, the campaign recipients), the campaigns' progress, the bar's
 * open orders, the open tabs, and this replica's database pool.
 */
@Injectable()
export class FestivalGauges implements GaugeSources, OnModuleInit {
  constructor(
    private readonly metrics: FestivalMetrics,
    private readonly mail: MailService,
    private readonly dataSource: DataSource,
    @InjectRepository(CampaignRecipientEntity) private readonly recipients: Repository<CampaignRecipientEntity>,
    @InjectRepository(DrinkOrderEntity) private readonly drinkOrders: Repository<DrinkOrderEntity>,
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
  ) {}

  onModuleInit(): void {
    this.metrics.readGaugesFrom(this);
  }

  async mailQueues(): Promise<QueueBacklog[]> {
    const now = Date.now();
    const ageOf = (due: Date | null) => (due ? Math.max(0, (now - due.getTime()) / 1000) : 0);
    const queues: QueueBacklog[] = [];
    for (const queue of this.mail.queues()) {
      const { waiting, oldestDueAt } = await queue.backlog();
      queues.push({ queue: queue.queueName, waiting, oldestAgeSeconds: ageOf(oldestDueAt) });
    }
    // A campaign's recipients wait in their own table (status, then the retry time).
    const waiting = { status: In(['pending', 'sending']) };
    const count = await this.recipients.countBy(waiting);
    const oldest =
      count > 0
        ? await this.recipients.findOne({
            where: { status: 'pending' },
            order: { nextAttemptAt: 'ASC' },
            select: { id: true, nextAttemptAt: true },
          })
        : null;
    queues.push({ queue: CAMPAIGN_QUEUE, waiting: count, oldestAgeSeconds: ageOf(oldest?.nextAttemptAt ?? null) });
    return queues;
  }

  /** Recipients of the campaigns being sent now, by status. */
  async campaignRecipients(): Promise<{ status: string; count: number }[]> {
    const rows = await this.recipients
      .createQueryBuilder('r')
      .innerJoin('campaigns', 'c', 'c.id = r.campaignId')
      .select('r.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where("c.status = 'sending'")
      .groupBy('r.status')
      .getRawMany<{ status: string; count: string | number }>();
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  /** Orders at the bar (paid, or on a tab) not yet served, by bar status. */
  async barOpenOrders(): Promise<{ barStatus: string; count: number }[]> {
    const rows = await this.drinkOrders
      .createQueryBuilder('o')
      .select('o.barStatus', 'barStatus')
      .addSelect('COUNT(*)', 'count')
      .where("o.barStatus IN ('new', 'ready') AND o.status IN ('paid', 'tab')")
      .groupBy('o.barStatus')
      .getRawMany<{ barStatus: string; count: string | number }>();
    return rows.map((row) => ({ barStatus: row.barStatus, count: Number(row.count) }));
  }

  openTabs(): Promise<number> {
    return this.tabs.countBy({ status: In(['open', 'closing']) });
  }

  /** This replica's connections: mysql2's pool counts, or SQLite's one connection. */
  databasePool(): { total: number; idle: number; waiting: number } {
    const pool = (this.dataSource.driver as { pool?: Mysql2Pool }).pool;
    if (this.dataSource.options.type !== 'mysql' || !pool) return { total: 1, idle: 1, waiting: 0 };
    return {
      total: pool._allConnections?.length ?? 0,
      idle: pool._freeConnections?.length ?? 0,
      waiting: pool._connectionQueue?.length ?? 0,
    };
  }
}
