import { createHmac, randomUUID } from 'node:crypto';
import {
  GoneException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { MY_TICKETS_LINK_MINUTES, MY_TICKETS_LINK_USED, type Language } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { secretHash } from '../../common/secrets.js';
import { publicBaseUrl, type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { SiteService } from '../settings/site.service.js';
import { GuestOrders } from '../tickets/guest-orders.service.js';
import { GuestLinkEntity } from './guest-link.entity.js';
import { guestLanguage } from '../../common/guest-language.js';
import { linkEmail } from './link-email.js';

/** The lock the per-e-mail count is read and the request recorded under (a row of `app_locks`). */
export const LINKS_LOCK = 'guest_links';
const HOUR_MS = 60 * 60_000;
const KEEP_MS = 24 * HOUR_MS;

/** A 429 that tells the caller when to ask again. */
class TooManyLinks extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super('Too many links asked for this e-mail address. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * My tickets' sign-in links (docs/guest-account.md). Every request is recorded (by the
 * e-mail's hash) so the per-e-mail limit holds across replicas; only an address with paid or
 * refunded orders of the season on sale gets a link, e-mailed through the mail outbox. A link's
 * token is computed from its row's id with the session secret, so it is never stored: the row
 * keeps its hash. It signs in once, within 30 minutes.
 */
@Injectable()
export class GuestLinks implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestLinks.name);
  private readonly outbox: MailOutbox<GuestLinkEntity>;

  constructor(
    @InjectRepository(GuestLinkEntity) private readonly links: Repository<GuestLinkEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveSection,
    private readonly orders: GuestOrders,
    private readonly site: SiteService,
    mail: MailService,
  ) {
    this.outbox = new MailOutbox({
      name: 'My tickets link e-mails',
      rows: links,
      order: { createdAt: 'ASC' },
      message: (link) => this.linkMessage(link),
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

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.outbox.idle();
  }

  /**
   * `Send me a link`: records the request and, when the address has orders of the season on
   * sale, queues the link's e-mail, in `language` (that of the page it was asked on). The caller
   * answers the same either way; a 429 when the address asked LINKS_PER_EMAIL_PER_HOUR times in
   * the last hour (known or not).
   */
  async request(rawEmail: string, language: Language = 'en', now = new Date()): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    const emailHash = secretHash(`my-tickets\0${email}`);
    const hasOrders = await this.orders.hasOrders(email);
    const limit = this.config.myTickets.linksPerEmailPerHour;
    await this.exclusive.run(LINKS_LOCK, async (manager) => {
      const recent = await manager.find(GuestLinkEntity, {
        where: { emailHash, createdAt: MoreThan(new Date(now.getTime() - HOUR_MS)) },
        order: { createdAt: 'ASC' },
      });
      if (recent.length >= limit) {
        const freedAt = recent[recent.length - limit]!.createdAt.getTime() + HOUR_MS;
        throw new TooManyLinks(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
      }
      const id = randomUUID();
      await manager.insert(GuestLinkEntity, {
        id,
        emailHash,
        email: hasOrders ? email : null,
        tokenHash: hasOrders ? secretHash(this.tokenOf(id)) : null,
        language,
        createdAt: now,
        expiresAt: new Date(now.getTime() + MY_TICKETS_LINK_MINUTES * 60_000),
        usedAt: null,
        ...(hasOrders ? MailOutbox.queuedNow(now) : {}),
      });
    });
    if (hasOrders) this.outbox.sendSoon();
    if (Math.random() < 0.01) await this.links.delete({ createdAt: LessThan(new Date(now.getTime() - KEEP_MS)) });
  }

  /**
   * Uses a link: its e-mail address, once, within its 30 minutes; 410 MY_TICKETS_LINK_USED for
   * a used, expired or unknown one. Two uses at the same moment: one wins (a conditional update).
   */
  async use(token: string, now = new Date()): Promise<string> {
    const link = await this.links.findOneBy({ tokenHash: secretHash(token) });
    if (!link?.email || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw new GoneException(MY_TICKETS_LINK_USED);
    const used = await this.links.update({ id: link.id, usedAt: IsNull() }, { usedAt: now });
    if (!used.affected) throw new GoneException(MY_TICKETS_LINK_USED);
    return link.email;
  }

  private tokenOf(linkId: string): string {
    return createHmac('sha256', this.config.admin.sessionSecret).update(`my-tickets-link\0${linkId}`).digest('base64url');
  }

  private async linkMessage(link: GuestLinkEntity): Promise<MailMessage> {
    const { restaurant, party } = await this.site.get();
    const mail = guestLanguage(link.language);
    const view = {
      url: mail.pageLink(`${publicBaseUrl(this.config)}/my-tickets?link=${this.tokenOf(link.id)}`),
      partyName: party.name,
      dateLabel: mail.eventLabels(party).dateLabel,
      restaurantName: restaurant.name,
      phone: restaurant.phone,
      minutes: MY_TICKETS_LINK_MINUTES,
    };
    return { to: link.email!, ...linkEmail(mail, view) };
  }
}
