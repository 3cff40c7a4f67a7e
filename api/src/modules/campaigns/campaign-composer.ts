import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PREVIEW_UNSUBSCRIBE_URL } from '@festival/contracts';
import { publicBaseUrl, type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { MailMessage } from '../mail/mail.service.js';
import { SiteService } from '../settings/site.service.js';
import { composeCampaignMessage, prepareContent, templateContext, templateProblem, type PreparedContent } from './campaign-message.js';
import { CampaignEntity } from './campaign.entity.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/** Campaigns whose prepared content is kept; content never changes after creation. */
const PREPARED_CACHE_SIZE = 8;

/** Builds each recipient's e-mail from a campaign, the restaurant's details and a signed link. */
@Injectable()
export class CampaignComposer {
  private readonly prepared = new Map<string, PreparedContent>();
  private readonly siteUrl: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly site: SiteService,
    private readonly links: UnsubscribeLinks,
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
  ) {
    this.siteUrl = publicBaseUrl(config);
  }

  /** One recipient's message; the content is read (once) when the campaign given lacks it. */
  async compose(
    campaign: Pick<CampaignEntity, 'id' | 'subject'> & { content?: string },
    to: string,
    subject = campaign.subject,
  ): Promise<MailMessage> {
    const site = await this.site.get();
    return composeCampaignMessage({
      to,
      subject,
      prepared: await this.preparedFor(campaign),
      context: templateContext(site, to, this.links.url(to), this.siteUrl),
      site,
    });
  }

  /**
   * A draft's e-mail for `to`, built exactly as a sent one (the same template engine, footer and
   * plain text) but with a placeholder unsubscribe link, and the images as `data:` URLs a browser
   * shows (a sent e-mail carries them as attachments). Nothing is kept.
   */
  async preview(content: string, subject: string, to: string): Promise<{ html: string; text: string }> {
    const site = await this.site.get();
    const prepared = prepareContent(content);
    const message = composeCampaignMessage({
      to,
      subject,
      prepared,
      context: templateContext(site, to, PREVIEW_UNSUBSCRIBE_URL, this.siteUrl),
      site,
    });
    const dataUrls = new Map(
      prepared.images.map((image) => [`cid:${image.cid}`, `data:${image.contentType};base64,${image.content.toString('base64')}`]),
    );
    const sent = { html: String(message.html), text: String(message.text) };
    const html = dataUrls.size ? sent.html.replace(/cid:[^"'\s)>]+/g, (ref) => dataUrls.get(ref) ?? ref) : sent.html;
    return { html, text: sent.text };
  }

  /** Why this content cannot be sent, or undefined when it renders. */
  async problemWith(content: string): Promise<string | undefined> {
    return templateProblem(content, await this.site.get());
  }

  forget(campaignId: string): void {
    this.prepared.delete(campaignId);
  }

  private async preparedFor(campaign: Pick<CampaignEntity, 'id'> & { content?: string }): Promise<PreparedContent> {
    let prepared = this.prepared.get(campaign.id);
    if (!prepared) {
      const content =
        campaign.content ??
        (await this.campaigns.findOneOrFail({ select: { id: true, content: true }, where: { id: campaign.id } })).content;
      prepared = prepareContent(content);
      if (this.prepared.size >= PREPARED_CACHE_SIZE) this.prepared.delete(this.prepared.keys().next().value!);
      this.prepared.set(campaign.id, prepared);
    }
    return prepared;
  }
}
