import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { secretHash } from '../../../common/secrets.js';
import { publicBaseUrl, type AppConfig } from '../../../config/app-config.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import { guestLanguage } from '../../../common/guest-language.js';
import { MailOutbox } from '../../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../../mail/mail.service.js';
import { SiteService } from '../../settings/site.service.js';
import { waitlistOfferEmail } from './waitlist-email.templates.js';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';

/**
 * The offer links and their e-mails (docs/waitlist.md). An offer's token is computed from the
 * entry's id and its offer number with the session secret, so it is never stored: the entry
 * keeps only its hash, and each new offer has a new link. The e-mail goes out once through the
 * one mail outbox, in the background.
 */
@Injectable()
export class WaitlistEmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WaitlistEmailService.name);
  private readonly outbox: MailOutbox<WaitlistEntryEntity>;

  constructor(
    @InjectRepository(WaitlistEntryEntity) entries: Repository<WaitlistEntryEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    mail: MailService,
    private readonly site: SiteService,
  ) {
    this.outbox = new MailOutbox({
      name: 'Waitlist offer e-mails',
      rows: entries,
      order: { offerExpiresAt: 'ASC' },
      message: (entry) => this.offerMessage(entry),
      mail,
      logger: this.logger,
    });
  }

  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.outbox.stop();
  }

  sendSoon(): void {
    this.outbox.sendSoon();
  }

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.outbox.idle();
  }

  /** The token of the entry's `offer`-th offer. */
  tokenOf(entryId: string, offer: number): string {
    return createHmac('sha256', this.config.admin.sessionSecret).update(`waitlist-offer\0${entryId}\0${offer}`).digest('base64url');
  }

  /** What the entry keeps of its `offer`-th offer's token. */
  tokenHashOf(entryId: string, offer: number): string {
    return secretHash(this.tokenOf(entryId, offer));
  }

  /** The offer's e-mail, in the language the guest joined in (docs/languages.md). */
  private async offerMessage(entry: WaitlistEntryEntity): Promise<MailMessage> {
    return {
      to: entry.email,
      ...waitlistOfferEmail(guestLanguage(entry.language), {
        site: await this.site.get(),
        name: entry.name,
        tickets: entry.offeredTickets,
        until: entry.offerExpiresAt ?? new Date(),
        link: `${publicBaseUrl(this.config)}/diwali-party?offer=${this.tokenOf(entry.id, entry.offers)}`,
      }),
    };
  }
}
