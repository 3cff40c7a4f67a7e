import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import type { CampaignProgress, CampaignRecipientReport } from '@festival/contracts';
import type { SuppressionList, SuppressionReason } from '../privacy/suppressions.service.js';
import { CampaignRecipientEntity, type RecipientStatus } from './campaign-recipient.entity.js';
import { CampaignSendClockEntity } from './campaign-send-clock.entity.js';
import { CampaignEntity } from './campaign.entity.js';

const CLOCK = 'campaigns';
const ERROR_MAX_LENGTH = 500;
/** Recipient ids per `IN (...)`: well under every database's limit of bound values. */
const IDS_PER_UPDATE = 500;

/** Why a recipient claimed by a sender that died mid-send is never retried. */
export const ABANDONED_CLAIM_ERROR =
  'Delivery interrupted: the sender stopped during the SMTP conversation, so it is unknown whether the message arrived. Not retried, so that nobody gets it twice.';

export type SendingCampaign = Pick<CampaignEntity, 'id' | 'subject'>;

export function clip(text: string, max = ERROR_MAX_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function emptyProgress(): CampaignProgress {
  return { total: 0, pending: 0, sent: 0, failed: 0, skipped: 0 };
}

/**
 * The campaign queue in the database. Every state change that two senders (two replicas, or
 * a sender and a restarted one) might race for is one conditional UPDATE whose affected-row
 * count says who won: atomic on SQLite and MySQL alike, with no row locks.
 */
@Injectable()
export class CampaignQueue {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @InjectRepository(CampaignRecipientEntity) private readonly recipients: Repository<CampaignRecipientEntity>,
    @InjectRepository(CampaignSendClockEntity) private readonly clock: Repository<CampaignSendClockEntity>,
  ) {}

  /** Campaigns being sent, oldest start first (without their content, which can be megabytes). */
  async sendingCampaigns(): Promise<SendingCampaign[]> {
    return this.campaigns.find({
      select: { id: true, subject: true },
      where: { status: 'sending' },
      order: { startedAt: 'ASC', id: 'ASC' },
    });
  }

  /** draft -> sending (inside `manager`'s transaction when given). False when the campaign is not a draft (or does not exist). */
  async start(campaignId: string, now: Date, manager?: EntityManager): Promise<boolean> {
    const result = await (manager?.getRepository(CampaignEntity) ?? this.campaigns)
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', startedAt: now, finishedAt: null, failureReason: null })
      .where('id = :campaignId AND status = :draft', { campaignId, draft: 'draft' })
      .execute();
    return result.affected === 1;
  }

  /** sending -> failed with the reason; no-op for a campaign in any other state. */
  async fail(campaignId: string, reason: string, now: Date): Promise<boolean> {
    const result = await this.campaigns
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', failureReason: clip(reason), finishedAt: now })
      .where('id = :campaignId AND status = :sending', { campaignId, sending: 'sending' })
      .execute();
    return result.affected === 1;
  }

  /**
   * Ends a campaign with no recipient left to send: `sent` when every recipient was delivered
   * or skipped, or at least one was delivered; `failed` when not a single message could be.
   * Only one sender wins the update.
   */
  async finishIfDone(campaignId: string, now: Date): Promise<boolean> {
    const progress = (await this.progress([campaignId])).get(campaignId) ?? emptyProgress();
    if (progress.pending > 0) return false;
    if (progress.sent === 0 && progress.failed > 0) {
      const example = await this.recipients.findOne({
        select: { lastError: true },
        where: { campaignId, status: 'failed' },
        order: { id: 'ASC' },
      });
      const reason = `No message could be delivered (${progress.failed} failed). ${example?.lastError ?? ''}`.trim();
      return this.fail(campaignId, reason, now);
    }
    const result = await this.campaigns
      .createQueryBuilder()
      .update()
      .set({ status: 'sent', finishedAt: now })
      .where('id = :campaignId AND status = :sending', { campaignId, sending: 'sending' })
      .execute();
    return result.affected === 1;
  }

  /**
   * Pending recipients on the suppression list (docs/privacy.md) since the campaign was written:
   * skipped, each with the list's reason. Checked in code, so that an erased guest's address,
   * listed only by its hash, is caught too.
   */
  async skipSuppressed(campaignId: string, list: SuppressionList): Promise<void> {
    const pending = await this.recipients.find({ select: { id: true, email: true }, where: { campaignId, status: 'pending' } });
    const byReason = new Map<SuppressionReason, number[]>();
    for (const row of pending) {
      const reason = list.reasonFor(row.email);
      if (!reason) continue;
      const ids = byReason.get(reason) ?? [];
      ids.push(row.id);
      byReason.set(reason, ids);
    }
    for (const [reason, ids] of byReason) {
      for (let i = 0; i < ids.length; i += IDS_PER_UPDATE) {
        await this.recipients
          .createQueryBuilder()
          .update()
          .set({ status: 'skipped', lastError: reason })
          .where('id IN (:...ids) AND status = :pending', { ids: ids.slice(i, i + IDS_PER_UPDATE), pending: 'pending' })
          .execute();
      }
    }
  }

  /** Skips the address wherever it still waits (it was just suppressed for `reason`). */
  async skipAddress(email: string, reason: SuppressionReason): Promise<void> {
    await this.recipients
      .createQueryBuilder()
      .update()
      .set({ status: 'skipped', lastError: reason })
      .where('LOWER(email) = :email AND status = :pending', { email: email.toLowerCase(), pending: 'pending' })
      .execute();
  }

  /** Every recipient of the campaign with where it stands, in list order. */
  async report(campaignId: string): Promise<CampaignRecipientReport[]> {
    const rows = await this.recipients.find({
      select: { id: true, email: true, status: true, lastError: true },
      where: { campaignId },
      order: { id: 'ASC' },
    });
    return rows.map((row) => {
      if (row.status === 'skipped') return { email: row.email, status: 'skipped', reason: (row.lastError ?? 'unsubscribed').toLowerCase() };
      if (row.status === 'failed') return { email: row.email, status: 'failed', reason: row.lastError };
      if (row.status === 'sent') return { email: row.email, status: 'sent', reason: null };
      return { email: row.email, status: 'pending', reason: null };
    });
  }

  /** A few recipients of the campaign that may be sent now, in list order. */
  async ready(campaignId: string, now: Date, limit: number): Promise<number[]> {
    const rows = await this.recipients
      .createQueryBuilder('r')
      .select('r.id', 'id')
      .where('r.campaignId = :campaignId AND r.status = :pending', { campaignId, pending: 'pending' })
      .andWhere('(r.nextAttemptAt IS NULL OR r.nextAttemptAt <= :now)', { now })
      .orderBy('r.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /**
   * Claims one recipient for this sender: pending -> sending, only while its campaign is still
   * sending. The single conditional UPDATE is the lock: exactly one sender gets affected = 1.
   */
  async claim(recipientId: number, campaignId: string, senderId: string, now: Date): Promise<CampaignRecipientEntity | undefined> {
    const result = await this.recipients
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', claimedBy: senderId, claimedAt: now, attempts: () => 'attempts + 1' })
      .where('id = :recipientId AND campaignId = :campaignId AND status = :pending', { recipientId, campaignId, pending: 'pending' })
      .andWhere('(nextAttemptAt IS NULL OR nextAttemptAt <= :now)', { now })
      .andWhere('campaignId IN (SELECT id FROM campaigns WHERE id = :campaignId AND status = :sending)', { sending: 'sending' })
      .execute();
    if (result.affected !== 1) return undefined;
    return (await this.recipients.findOneBy({ id: recipientId, claimedBy: senderId })) ?? undefined;
  }

  /** Settles a claim this sender holds; a claim it lost (reaped, deleted) is left alone. */
  private async settle(
    recipient: CampaignRecipientEntity,
    senderId: string,
    values: QueryDeepPartialEntity<CampaignRecipientEntity>,
  ): Promise<void> {
    await this.recipients
      .createQueryBuilder()
      .update()
      .set(values)
      .where('id = :id AND status = :sending AND claimedBy = :senderId', { id: recipient.id, sending: 'sending', senderId })
      .execute();
  }

  markSent(recipient: CampaignRecipientEntity, senderId: string, messageId: string, now: Date): Promise<void> {
    return this.settle(recipient, senderId, {
      status: 'sent',
      sentAt: now,
      messageId: clip(messageId, 255),
      lastError: null,
      nextAttemptAt: null,
    });
  }

  markFailed(recipient: CampaignRecipientEntity, senderId: string, error: string): Promise<void> {
    return this.settle(recipient, senderId, { status: 'failed', lastError: clip(error), nextAttemptAt: null });
  }

  markSkipped(recipient: CampaignRecipientEntity, senderId: string, reason: string): Promise<void> {
    return this.settle(recipient, senderId, { status: 'skipped', lastError: clip(reason) });
  }

  /** Back to pending, to be tried again at `at`. */
  markForRetry(recipient: CampaignRecipientEntity, senderId: string, error: string, at: Date): Promise<void> {
    return this.settle(recipient, senderId, {
      status: 'pending',
      claimedBy: null,
      claimedAt: null,
      nextAttemptAt: at,
      lastError: clip(error),
    });
  }

  /** Hands an untried claim back (the message was never given to the SMTP server). */
  release(recipient: CampaignRecipientEntity, senderId: string): Promise<void> {
    return this.settle(recipient, senderId, { status: 'pending', claimedBy: null, claimedAt: null, attempts: () => 'attempts - 1' });
  }

  /**
   * Claims older than `before` belong to a sender that died in the middle of a send: whether
   * the SMTP server took the message is unknown, so they are marked failed, never re-sent.
   */
  async failAbandonedClaims(before: Date): Promise<number> {
    const result = await this.recipients
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', lastError: ABANDONED_CLAIM_ERROR })
      .where('status = :sending AND claimedAt < :before', { sending: 'sending', before })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * The shared send clock: takes the next slot when it is due (moving the clock one interval
   * past now) and answers 0, or answers how many milliseconds to wait before asking again.
   */
  async takeSendSlot(nowMs: number, intervalMs: number): Promise<number> {
    const result = await this.clock
      .createQueryBuilder()
      .update()
      .set({ nextSendAt: nowMs + intervalMs })
      .where('name = :name AND nextSendAt <= :nowMs', { name: CLOCK, nowMs })
      .execute();
    if (result.affected === 1) return 0;
    const row = await this.clock.findOneBy({ name: CLOCK });
    if (!row) throw new Error('The campaign send clock row is missing (migration not applied?)');
    return Math.max(1, Math.min(Number(row.nextSendAt) - nowMs, intervalMs));
  }

  /** Recipient counts per state for each campaign. */
  async progress(campaignIds: string[]): Promise<Map<string, CampaignProgress>> {
    const result = new Map<string, CampaignProgress>();
    if (campaignIds.length === 0) return result;
    const rows = await this.recipients
      .createQueryBuilder('r')
      .select('r.campaignId', 'campaignId')
      .addSelect('r.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where({ campaignId: In(campaignIds) })
      .groupBy('r.campaignId')
      .addGroupBy('r.status')
      .getRawMany<{ campaignId: string; status: RecipientStatus; count: number | string }>();
    for (const id of campaignIds) result.set(id, emptyProgress());
    for (const row of rows) {
      const progress = result.get(row.campaignId)!;
      const count = Number(row.count);
      progress.total += count;
      if (row.status === 'pending' || row.status === 'sending') progress.pending += count;
      else progress[row.status] += count;
    }
    return result;
  }
}
