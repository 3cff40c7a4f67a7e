import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, Repository, type EntityManager } from 'typeorm';
import {
  saleWindowState,
  type Language,
  type WaitlistJoinRequest,
  type WaitlistJoinResponse,
  type WaitlistOffer,
} from '@festival/contracts';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { PeriodicTask } from '../../../common/periodic-task.js';
import { secretHash } from '../../../common/secrets.js';
import { MailOutbox } from '../../mail/mail-outbox.js';
import { PARTY_LOCK } from '../../settings/party-lock.js';
import { SiteService } from '../../settings/site.service.js';
import { TicketSettingsService } from '../../settings/ticket-settings.service.js';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { PartyOrderEntity } from '../party-order.entity.js';
import { ticketsTaken } from '../tickets-taken.js';
import { WaitlistEmailService } from './waitlist-email.service.js';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';
import { ConsentRecords } from '../../privacy/consent-records.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../../common/guest-refusals.js';

/** How often expired offers and seats that came back by time (a lapsed hold) are looked for. */
export const WAITLIST_PASS_EVERY_MS = 15_000;
/** The most entries one pass reads from the line. */
const LINE_BATCH = 500;
/** Entries still in line: their place counts for the position. */
export const IN_LINE = ['waiting', 'offered'] as const;

/** A live offer claimed by an order under the party lock (see TicketsService.createOrder). */
export interface ClaimedOffer {
  entryId: string;
  /** The seats the offer holds: available to its buyer on top of those free. */
  seats: number;
  /** The payment of an earlier unpaid order made with the same link, released for this one. */
  released: (string | null)[];
  /** The language the guest joined in (docs/languages.md). */
  language: Language;
}

/**
 * The party waitlist (docs/waitlist.md): guests join a sold-out party's line; whenever seats come
 * back, the first entries that fit whole are offered them, held for the season's `Waitlist offer
 * hours` and counted as taken for everyone else (`offeredSeats` in tickets-taken.ts). The offering
 * pass runs under the party lock after every other write under it (refunds, cancellations, lapsed
 * holds, capacity changes), and every WAITLIST_PASS_EVERY_MS for offers that ran out by time.
 */
@Injectable()
export class WaitlistService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WaitlistService.name);
  private readonly task = new PeriodicTask('Waitlist offers', WAITLIST_PASS_EVERY_MS, () => this.pass(), this.logger);
  /** Set inside this service's own pass: its own transaction does not start another. */
  private readonly ownPass = new AsyncLocalStorage<true>();

  constructor(
    @InjectRepository(WaitlistEntryEntity) private readonly entries: Repository<WaitlistEntryEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly settings: TicketSettingsService,
    private readonly seasons: SeasonsService,
    private readonly site: SiteService,
    private readonly email: WaitlistEmailService,
    private readonly consent: ConsentRecords,
  ) {}

  onApplicationBootstrap(): void {
    this.exclusive.afterEach(PARTY_LOCK, () => {
      if (!this.ownPass.getStore()) this.task.kick();
    });
    this.task.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Resolves when no offering pass is running or queued (tests wait on it). */
  idle(): Promise<void> {
    return this.task.idle();
  }

  /**
   * `POST /api/party-waitlist`: a new entry at the end of the line, or the same e-mail's entry
   * updated in its place (one that bought or whose offer expired joins the end again). While the
   * party still has the tickets wanted on sale, it is a 409: buy them instead.
   */
  async join(request: WaitlistJoinRequest, now = new Date()): Promise<WaitlistJoinResponse> {
    const email = request.email.toLowerCase();
    return this.exclusive.run(PARTY_LOCK, async (manager) => {
      const eventId = await this.seasons.readCurrentId(manager);
      const existing = await manager.findOneBy(WaitlistEntryEntity, { eventId, email });
      const inLine = existing && (IN_LINE as readonly string[]).includes(existing.status);
      if (!inLine) {
        const { capacity } = await this.settings.readTickets(manager);
        const free = capacity - (await ticketsTaken(manager, eventId, now));
        if (free >= request.tickets) {
          throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.stillOnSale, { remaining: free });
        }
      }
      const place = inLine ? existing.place : await this.nextPlace(manager, eventId);
      const entryId = existing?.id ?? randomUUID();
      if (existing) {
        await manager.update(
          WaitlistEntryEntity,
          { id: existing.id },
          {
            name: request.name,
            tickets: request.tickets,
            language: request.language ?? 'en',
            ...(inLine ? {} : { status: 'waiting', place, joinedAt: now, offerTokenHash: null, offerExpiresAt: null, orderId: null }),
          },
        );
      } else {
        await manager.insert(WaitlistEntryEntity, {
          id: entryId,
          eventId,
          place,
          name: request.name,
          email,
          language: request.language ?? 'en',
          tickets: request.tickets,
          status: 'waiting',
          offeredTickets: 0,
          offers: 0,
          offerTokenHash: null,
          offerExpiresAt: null,
          orderId: null,
          joinedAt: now,
          emailStatus: 'none',
          emailAttempts: 0,
        });
      }
      await this.consent.record(
        {
          email: email,
          phone: null,
          agreed: request.newsConsent ?? false,
          page: 'waitlist',
          seasonId: String(eventId),
          subjectId: entryId,
        },
        now,
        manager,
      );
      return { position: await this.positionOf(manager, eventId, place) };
    });
  }

  private async nextPlace(manager: EntityManager, eventId: number): Promise<number> {
    const row = await manager
      .createQueryBuilder(WaitlistEntryEntity, 'e')
      .select('COALESCE(MAX(e.place), 0)', 'last')
      .where('e.eventId = :eventId', { eventId })
      .getRawOne<{ last: string | number }>();
    return Number(row?.last ?? 0) + 1;
  }

  /** The place in line (1 is next) of the entry at `place`. */
  async positionOf(manager: EntityManager, eventId: number, place: number): Promise<number> {
    return manager.countBy(WaitlistEntryEntity, { eventId, status: In([...IN_LINE]), place: LessThanOrEqual(place) });
  }

  /** `GET /api/party-waitlist/offers/:token`: the live offer of a link, or 410 `This offer has expired`. */
  async offer(token: string, now = new Date()): Promise<WaitlistOffer> {
    const entry = await this.liveOffer(this.entries.manager, token, now);
    return { tickets: entry.offeredTickets, expiresAt: entry.offerExpiresAt!.toISOString(), name: entry.name, email: entry.email };
  }

  private async liveOffer(manager: EntityManager, token: string, now: Date): Promise<WaitlistEntryEntity> {
    const entry = await manager.findOneBy(WaitlistEntryEntity, { offerTokenHash: secretHash(token) });
    const live = entry && entry.status === 'offered' && entry.offerExpiresAt && entry.offerExpiresAt > now;
    if (!live || entry.eventId !== (await this.seasons.readCurrentId(manager)))
      throw new GuestRefusal(HttpStatus.GONE, GUEST_REFUSALS.offerExpired);
    return entry;
  }

  /**
   * Under the party lock, as an order is made with an offer's link: the live offer, its seats
   * (the buyer may take up to that many, adults and children as they like) and an earlier
   * unpaid order of the same link, released (one order per offer). 409 once expired or used.
   */
  async claimOffer(manager: EntityManager, token: string, wanted: number, now: Date): Promise<ClaimedOffer> {
    let entry: WaitlistEntryEntity;
    try {
      entry = await this.liveOffer(manager, token, now);
    } catch {
      throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.offerExpired);
    }
    if (wanted > entry.offeredTickets) {
      throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.offerHolds, { tickets: entry.offeredTickets });
    }
    const released: (string | null)[] = [];
    if (entry.orderId) {
      const earlier = await manager.findOneBy(PartyOrderEntity, { id: entry.orderId, status: 'pending' });
      if (earlier) {
        await manager.update(PartyOrderEntity, { id: earlier.id, status: 'pending' }, { status: 'cancelled' });
        released.push(earlier.paymentIntentId);
      }
    }
    return { entryId: entry.id, seats: entry.offeredTickets, released, language: entry.language };
  }

  /** After the order made with a claimed offer is inserted (same transaction). */
  async linkOrder(manager: EntityManager, offer: ClaimedOffer, orderId: string): Promise<void> {
    await manager.update(WaitlistEntryEntity, { id: offer.entryId }, { orderId });
  }

  /** When an order is paid (under the party lock): the entry it was made for is `Bought`. */
  async orderPaid(manager: EntityManager, orderId: string): Promise<void> {
    await manager.update(WaitlistEntryEntity, { orderId }, { status: 'bought' });
  }

  /**
   * One offering pass at `now` (the tests pass a later clock): offers that ran out are
   * `Expired`, then the seats free are offered, in line order, to each entry that fits whole.
   * Answers the entries offered.
   */
  async pass(now = new Date()): Promise<number> {
    // Nobody in line: nothing to expire or offer, and the party lock is left alone.
    if (!(await this.entries.existsBy({ status: In([...IN_LINE]) }))) return 0;
    const offered = await this.ownPass.run(true, () =>
      this.exclusive.run(PARTY_LOCK, async (manager) => {
        const eventId = await this.seasons.readCurrentId(manager);
        await manager.update(
          WaitlistEntryEntity,
          { eventId, status: 'offered', offerExpiresAt: LessThanOrEqual(now) },
          { status: 'expired', emailStatus: 'none' },
        );
        const tickets = await this.settings.readTickets(manager);
        if (saleWindowState(tickets, now)) return 0;
        let free = tickets.capacity - (await ticketsTaken(manager, eventId, now));
        if (free <= 0) return 0;
        const waiting = await manager.find(WaitlistEntryEntity, {
          where: { eventId, status: 'waiting' },
          order: { place: 'ASC' },
          take: LINE_BATCH,
        });
        let count = 0;
        for (const entry of waiting) {
          if (entry.tickets > free) continue;
          await this.makeOffer(manager, entry, tickets.waitlistOfferHours, now);
          free -= entry.tickets;
          count += 1;
          if (free === 0) break;
        }
        return count;
      }),
    );
    if (offered > 0) {
      this.logger.log(`${offered} waitlist offer(s) made`);
      this.email.sendSoon();
    }
    return offered;
  }

  /** Offers the entry its tickets now, inside the caller's transaction under the party lock. */
  async makeOffer(manager: EntityManager, entry: WaitlistEntryEntity, hours: number, now: Date): Promise<void> {
    const offers = entry.offers + 1;
    await manager.update(
      WaitlistEntryEntity,
      { id: entry.id },
      {
        status: 'offered',
        offers,
        offeredTickets: entry.tickets,
        offerTokenHash: this.email.tokenHashOf(entry.id, offers),
        offerExpiresAt: new Date(now.getTime() + Math.round(hours * 3_600_000)),
        orderId: null,
        // The outbox sends by the wall clock, whatever clock the pass ran at.
        ...MailOutbox.queuedNow(),
      },
    );
  }
}
