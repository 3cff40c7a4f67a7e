import { ConflictException, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { PeriodicTask } from '../../common/periodic-task.js';
import { CampaignEntity } from '../campaigns/campaign.entity.js';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { ConsentRecordEntity } from '../privacy/consent-record.entity.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { SeasonEntity } from '../seasons/season.entity.js';
import { GuestDataSettingsService } from '../settings/guest-data-settings.service.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { WaitlistEntryEntity } from '../tickets/waitlist/waitlist-entry.entity.js';
import { GuestErasure } from './guest-erasure.service.js';
import { dbTime, ERASED_DOMAIN } from './guest-records.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tables whose rows belong to a season, and where their address and time are. */
const SEASON_ROWS: { entity: EntityTarget<ObjectLiteral>; email: string; at: string }[] = [
  { entity: PartyOrderEntity, email: 'customerEmail', at: 'createdAt' },
  { entity: FeastOrderEntity, email: 'customerEmail', at: 'createdAt' },
  { entity: DrinkOrderEntity, email: 'customerEmail', at: 'createdAt' },
  { entity: DrinkTabEntity, email: 'customerEmail', at: 'createdAt' },
  { entity: WaitlistEntryEntity, email: 'email', at: 'joinedAt' },
];

/** The date `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * The retention job (docs/privacy.md, "Retention"): once a day, the guests whose every order,
 * tab and waitlist entry belongs to an ended season, and whose last one (or last campaign
 * e-mail) is older than `Keep guest data for`, are anonymised through the same erasure as the
 * staff's `Erase`; addresses that agreed to news are kept. An address known only from
 * campaigns (a pasted or uploaded list) goes the same way once its last campaign e-mail is that
 * old, and never while a campaign is still sending to it. Any replica may run it: two at once erase each
 * guest once (the second finds only the pseudonym), under the erasure's locks.
 */
@Injectable()
export class GuestRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestRetention.name);
  private readonly task = new PeriodicTask('Guest data retention', DAY_MS, () => this.anonymiseExpired(), this.logger);

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: GuestDataSettingsService,
    private readonly suppressions: Suppressions,
    private readonly erasure: GuestErasure,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Anonymises every guest due; answers their (former) addresses. */
  async anonymiseExpired(now = new Date()): Promise<string[]> {
    const { keepGuestDataMonths } = await this.settings.stored();
    const due = await this.dueAddresses(monthsBefore(now, keepGuestDataMonths));
    const erased: string[] = [];
    for (const email of due) {
      if (await this.agreedToNews(email)) continue;
      try {
        if (await this.erasure.erase(email, now, null)) erased.push(email);
      } catch (error) {
        // A guest holding something now is left for the next day's pass.
        if (!(error instanceof ConflictException)) throw error;
      }
    }
    if (erased.length > 0) this.logger.log(`Anonymised ${erased.length} guests older than ${keepGuestDataMonths} months`);
    return erased;
  }

  /** Addresses whose rows all belong to ended seasons (and whose campaign e-mails are all sent or given up), the last of them before `cutoff`. */
  private async dueAddresses(cutoff: Date): Promise<string[]> {
    const live = (await this.dataSource.getRepository(SeasonEntity).find({ select: { id: true, status: true } }))
      .filter((s) => s.status !== 'past')
      .map((s) => s.id);
    const seen = new Map<string, { last: number; live: boolean }>();
    const merge = (row: { email: string; last: unknown; live: unknown }) => {
      const before = seen.get(row.email) ?? { last: 0, live: false };
      seen.set(row.email, {
        last: Math.max(before.last, dbTime(row.last)?.getTime() ?? 0),
        live: before.live || Number(row.live) === 1,
      });
    };
    for (const source of SEASON_ROWS) {
      const rows = await this.dataSource
        .createQueryBuilder(source.entity, 'r')
        .select(`LOWER(r.${source.email})`, 'email')
        .addSelect(`MAX(r.${source.at})`, 'last')
        .addSelect(live.length ? `MAX(CASE WHEN r.eventId IN (${live.map(Number).join(', ')}) THEN 1 ELSE 0 END)` : '0', 'live')
        .where(`r.${source.email} IS NOT NULL`)
        .andWhere(`LOWER(r.${source.email}) NOT LIKE :erased`, { erased: `%@${ERASED_DOMAIN}` })
        .groupBy(`LOWER(r.${source.email})`)
        .getRawMany<{ email: string; last: unknown; live: unknown }>();
      for (const row of rows) merge(row);
    }
    // Campaign e-mails: the time of each is its own, or its campaign's when it was never sent
    // (failed, skipped); one still to send keeps the address.
    const sends = await this.dataSource
      .createQueryBuilder(CampaignRecipientEntity, 'r')
      .innerJoin(CampaignEntity, 'c', 'c.id = r.campaignId')
      .select('LOWER(r.email)', 'email')
      .addSelect('MAX(COALESCE(r.sentAt, c.finishedAt, c.startedAt, c.createdAt))', 'last')
      .addSelect("MAX(CASE WHEN r.status IN ('pending', 'sending') THEN 1 ELSE 0 END)", 'live')
      .where(`LOWER(r.email) NOT LIKE :erased`, { erased: `%@${ERASED_DOMAIN}` })
      .groupBy('LOWER(r.email)')
      .getRawMany<{ email: string; last: unknown; live: unknown }>();
    for (const row of sends) merge(row);
    return [...seen.entries()].filter(([, g]) => !g.live && g.last < cutoff.getTime()).map(([email]) => email);
  }

  /** At least one `yes` to news, and not unsubscribed, bounced or erased since. */
  private async agreedToNews(email: string): Promise<boolean> {
    const agreed = await this.dataSource
      .createQueryBuilder(ConsentRecordEntity, 'c')
      .where('c.email = :email AND c.agreed = :yes', { email, yes: true })
      .getExists();
    return agreed && (await this.suppressions.reasonFor(email)) === null;
  }
}
