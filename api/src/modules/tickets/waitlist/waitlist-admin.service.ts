import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { AdminWaitlistEntry, WaitlistSummary } from '@festival/contracts';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { PARTY_LOCK } from '../../settings/party-lock.js';
import { TicketSettingsService } from '../../settings/ticket-settings.service.js';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { ActivityLog } from '../../staff/activity-log.service.js';
import type { StaffActor } from '../../staff/staff-actor.js';
import { ticketsTaken } from '../tickets-taken.js';
import { WaitlistEmailService } from './waitlist-email.service.js';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';
import { IN_LINE, WaitlistService } from './waitlist.service.js';

const ticketWord = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/** The staff page `/admin/waitlist` (docs/waitlist.md): the line, `Offer now` and `Remove`, and the dashboard's count. */
@Injectable()
export class WaitlistAdminService {
  constructor(
    @InjectRepository(WaitlistEntryEntity) private readonly entries: Repository<WaitlistEntryEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly settings: TicketSettingsService,
    private readonly seasons: SeasonsService,
    private readonly activity: ActivityLog,
    private readonly waitlist: WaitlistService,
    private readonly email: WaitlistEmailService,
  ) {}

  /** The season's entries in line order, with each waiting or offered entry's position. */
  async list(): Promise<AdminWaitlistEntry[]> {
    const eventId = await this.seasons.currentId();
    const rows = await this.entries.find({ where: { eventId }, order: { place: 'ASC' } });
    let position = 0;
    return rows.map((row) => {
      const inLine = (IN_LINE as readonly string[]).includes(row.status);
      if (inLine) position += 1;
      return {
        id: row.id,
        position: inLine ? position : null,
        name: row.name,
        email: row.email,
        tickets: row.tickets,
        status: row.status,
        offeredTickets: row.offers > 0 ? row.offeredTickets : null,
        offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
        joinedAt: row.joinedAt.toISOString(),
      };
    });
  }

  /** Entries waiting or offered, and their tickets. */
  async summary(): Promise<WaitlistSummary> {
    const eventId = await this.seasons.currentId();
    const row = await this.entries
      .createQueryBuilder('e')
      .select('COUNT(*)', 'waiting')
      .addSelect('COALESCE(SUM(e.tickets), 0)', 'tickets')
      .where('e.eventId = :eventId', { eventId })
      .andWhere('e.status IN (:...inLine)', { inLine: [...IN_LINE] })
      .getRawOne<{ waiting: string | number; tickets: string | number }>();
    return { waiting: Number(row?.waiting ?? 0), tickets: Number(row?.tickets ?? 0) };
  }

  /**
   * `Offer now`: the entry (waiting, or whose offer expired) is offered its tickets at once, out
   * of turn, when that many seats are free; otherwise 409 and nothing changes.
   */
  async offerNow(id: string, actor: StaffActor, now = new Date()): Promise<AdminWaitlistEntry> {
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const entry = await manager.findOneBy(WaitlistEntryEntity, { id, eventId: await this.seasons.readCurrentId(manager) });
      if (!entry) throw new NotFoundException('No waitlist entry with this id');
      if (entry.status === 'offered') throw new ConflictException('This guest already has a live offer');
      if (entry.status === 'bought') throw new ConflictException('This guest has bought their tickets');
      const tickets = await this.settings.readTickets(manager);
      const free = Math.max(0, tickets.capacity - (await ticketsTaken(manager, entry.eventId, now)));
      if (entry.tickets > free) {
        throw new ConflictException(`Only ${ticketWord(free)} free: this guest wants ${ticketWord(entry.tickets)}`);
      }
      await this.waitlist.makeOffer(manager, entry, tickets.waitlistOfferHours, now);
      await this.activity.record(
        manager,
        actor,
        { action: 'waitlist.offer', object: `Waitlist ${entry.email}`, detail: ticketWord(entry.tickets) },
        now,
      );
    });
    this.email.sendSoon();
    const shown = (await this.list()).find((entry) => entry.id === id);
    if (!shown) throw new NotFoundException('No waitlist entry with this id');
    return shown;
  }

  /** `Remove`: the entry leaves the line; a live offer's seats come back (and go to the next in line). */
  async remove(id: string, actor: StaffActor): Promise<void> {
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const entry = await manager.findOneBy(WaitlistEntryEntity, { id });
      if (!entry) throw new NotFoundException('No waitlist entry with this id');
      await manager.delete(WaitlistEntryEntity, { id, status: In([entry.status]) });
      await this.activity.record(manager, actor, {
        action: 'waitlist.remove',
        object: `Waitlist ${entry.email}`,
        detail: ticketWord(entry.tickets),
      });
    });
  }
}
