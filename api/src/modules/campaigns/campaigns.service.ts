import { randomUUID } from 'node:crypto';
import { BadGatewayException, BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  CAMPAIGN_AUDIENCE_LABELS,
  type Campaign,
  type CampaignAudienceCount,
  type CampaignRecipientReport,
  type GuestAudience,
  type CampaignPreview,
  type CampaignPreviewRequest,
  type CampaignProgress,
  type CampaignProgressItem,
  type CreateCampaignRequest,
  type SendTestCampaignResponse,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { MailDeliveryError, MailService } from '../mail/mail.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { CampaignAudiences } from './campaign-audiences.js';
import { CampaignComposer } from './campaign-composer.js';
import { CampaignQueue, emptyProgress } from './campaign-queue.js';
import { CampaignRecipientEntity } from './campaign-recipient.entity.js';
import { CampaignSender } from './campaign-sender.js';
import { CampaignEntity } from './campaign.entity.js';
import { isUuid } from '../../common/uuid.js';

/** Recipient rows per INSERT (well under both databases' placeholder limits). */
const INSERT_CHUNK = 500;

export function toCampaign(entity: CampaignEntity, recipientEmails: string[], progress: CampaignProgress): Campaign {
  return {
    id: entity.id,
    name: entity.name,
    subject: entity.subject,
    content: entity.content,
    recipientEmails,
    status: entity.status,
    failureReason: entity.failureReason,
    progress,
    createdAt: entity.createdAt.toISOString(),
    startedAt: entity.startedAt?.toISOString() ?? null,
    finishedAt: entity.finishedAt?.toISOString() ?? null,
  };
}

const campaignLabel = (name: string): string => `Campaign "${name}"`;

@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @InjectRepository(CampaignRecipientEntity) private readonly recipients: Repository<CampaignRecipientEntity>,
    private readonly queue: CampaignQueue,
    private readonly sender: CampaignSender,
    private readonly composer: CampaignComposer,
    private readonly mail: MailService,
    private readonly suppressions: Suppressions,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly audiences: CampaignAudiences,
  ) {}

  /** Every campaign, newest first, with its recipients and where each stands. */
  async list(): Promise<Campaign[]> {
    const campaigns = await this.campaigns.find({ order: { createdAt: 'DESC', id: 'ASC' } });
    return this.withRecipients(campaigns);
  }

  /** Status and counts of every campaign, newest first: what the page polls while sending. */
  async progress(): Promise<CampaignProgressItem[]> {
    const campaigns = await this.campaigns.find({
      select: { id: true, status: true, failureReason: true, finishedAt: true },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    const progress = await this.queue.progress(campaigns.map((c) => c.id));
    return campaigns.map((c) => ({
      id: c.id,
      status: c.status,
      failureReason: c.failureReason,
      progress: progress.get(c.id) ?? emptyProgress(),
      finishedAt: c.finishedAt?.toISOString() ?? null,
    }));
  }

  async get(id: string): Promise<Campaign> {
    const [campaign] = await this.withRecipients([await this.findOrThrow(id)]);
    return campaign;
  }

  /** A new draft. The same address twice (in any case) is one recipient. */
  async create(request: CreateCampaignRequest, actor: StaffActor): Promise<Campaign> {
    const problem = await this.composer.problemWith(request.content);
    if (problem) throw new BadRequestException(`Email content is not a valid template: ${problem}`);
    const audience = request.audience ?? 'list';
    // An audience's suppressed members are written too: the send skips them with their reason,
    // so the campaign's report says who was left out and why.
    const members = audience === 'list' ? null : await this.audiences.members(audience);
    const emails = members ? [...members.mailable, ...members.suppressed].sort() : [...new Set(request.recipientEmails ?? [])];
    if ((members ? members.mailable : emails).length === 0) {
      throw new BadRequestException(`${CAMPAIGN_AUDIENCE_LABELS[audience]}: nobody can be mailed yet.`);
    }
    const id = randomUUID();
    await this.exclusive.transaction(async (manager) => {
      await manager.insert(CampaignEntity, {
        id,
        name: request.name,
        subject: request.subject,
        content: request.content,
        status: 'draft',
        failureReason: null,
        createdAt: new Date(),
        startedAt: null,
        finishedAt: null,
      });
      for (let i = 0; i < emails.length; i += INSERT_CHUNK) {
        const rows = emails.slice(i, i + INSERT_CHUNK).map((email) => ({
          campaignId: id,
          email,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: null,
          claimedBy: null,
          claimedAt: null,
          sentAt: null,
          messageId: null,
          lastError: null,
        }));
        await manager.createQueryBuilder().insert().into(CampaignRecipientEntity).values(rows).updateEntity(false).execute();
      }
      await this.activity.record(manager, actor, {
        action: 'campaign.create',
        object: campaignLabel(request.name),
        detail: `${emails.length} recipient${emails.length === 1 ? '' : 's'}${audience === 'list' ? '' : `: ${CAMPAIGN_AUDIENCE_LABELS[audience]}`}`,
      });
    });
    return this.get(id);
  }

  /** draft -> sending, and returns at once; the background sender does the rest. */
  async send(id: string, actor: StaffActor): Promise<Campaign> {
    const campaign = await this.findOrThrow(id);
    const started = await this.exclusive.transaction(async (manager) => {
      if (!(await this.queue.start(id, new Date(), manager))) return false;
      await this.activity.record(manager, actor, { action: 'campaign.send', object: campaignLabel(campaign.name) });
      return true;
    });
    if (!started) {
      const current = await this.findOrThrow(id);
      throw new ConflictException(`Only a draft campaign can be sent; this one is ${current.status}.`);
    }
    await this.queue.skipSuppressed(id, await this.suppressions.list());
    this.sender.wake();
    return this.get(id);
  }

  /** How many addresses a campaign to the audience would mail now, and how many it would skip. */
  async audienceCount(audience: GuestAudience): Promise<CampaignAudienceCount> {
    const { mailable, suppressed } = await this.audiences.members(audience);
    return { audience, count: mailable.length, suppressed: suppressed.length };
  }

  /** Every recipient of the campaign and what became of it. */
  async report(id: string): Promise<CampaignRecipientReport[]> {
    await this.findOrThrow(id);
    return this.queue.report(id);
  }

  /** Deletes a campaign; one that is sending is stopped first. */
  async remove(id: string, actor: StaffActor): Promise<void> {
    const campaign = await this.findOrThrow(id);
    await this.queue.fail(id, 'Stopped: the campaign was deleted.', new Date());
    await this.sender.settle(id);
    const deleted = await this.exclusive.transaction(async (manager) => {
      const result = await manager.delete(CampaignEntity, { id });
      if (result.affected) {
        await this.activity.record(manager, actor, {
          action: 'campaign.delete',
          object: campaignLabel(campaign.name),
          detail: campaign.status,
        });
      }
      return Boolean(result.affected);
    });
    this.composer.forget(id);
    if (!deleted) throw new NotFoundException('Campaign not found');
  }

  /** Content as it will be sent, for a sample recipient; a template that cannot render is refused as at create. */
  async preview(request: CampaignPreviewRequest): Promise<CampaignPreview> {
    const problem = await this.composer.problemWith(request.content);
    if (problem) throw new BadRequestException(`Email content is not a valid template: ${problem}`);
    return this.composer.preview(request.content, request.subject, request.email ?? 'guest@example.com');
  }

  /** One copy to one address, marked as a test, whatever the campaign's status (left as it is). */
  async sendTest(id: string, email: string, actor: StaffActor): Promise<SendTestCampaignResponse> {
    const campaign = await this.findOrThrow(id);
    const suppressed = await this.suppressions.reasonFor(email);
    if (suppressed === 'unsubscribed') throw new ConflictException(`${email} has unsubscribed from these e-mails.`);
    if (suppressed !== null) throw new ConflictException(`${email} is on the suppression list (${suppressed}).`);
    const message = await this.composer.compose(campaign, email, `[Test] ${campaign.subject}`);
    try {
      await this.mail.send(message);
    } catch (error) {
      if (error instanceof MailDeliveryError) {
        throw new BadGatewayException(`The mail server did not take the test e-mail: ${error.message}`);
      }
      throw error;
    }
    await this.activity.recordAlone(actor, { action: 'campaign.test', object: campaignLabel(campaign.name), detail: `to ${email}` });
    return { sentTo: email };
  }

  private async findOrThrow(id: string): Promise<CampaignEntity> {
    const campaign = isUuid(id) ? await this.campaigns.findOneBy({ id }) : null;
    if (!campaign) throw new NotFoundException('Campaign not found');
    return campaign;
  }

  private async withRecipients(campaigns: CampaignEntity[]): Promise<Campaign[]> {
    if (campaigns.length === 0) return [];
    const ids = campaigns.map((c) => c.id);
    const [progress, rows] = await Promise.all([
      this.queue.progress(ids),
      this.recipients
        .createQueryBuilder('r')
        .select(['r.campaignId', 'r.email'])
        .where('r.campaignId IN (:...ids)', { ids })
        .orderBy('r.id', 'ASC')
        .getMany(),
    ]);
    const emails = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const row of rows) emails.get(row.campaignId)!.push(row.email);
    return campaigns.map((c) => toCampaign(c, emails.get(c.id)!, progress.get(c.id) ?? emptyProgress()));
  }
}
