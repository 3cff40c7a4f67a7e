import { BadRequestException, ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  formatCents,
  priceAt,
  saleWindowState,
  ticketAgeLabels,
  typeSaleState,
  type AdminTicketType,
  type AdminTicketTypesResponse,
  type PublicTicketTypesResponse,
  type TicketSettings,
  type TicketTypeInput,
  type TicketTypesRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { HotRead, type HotLoad } from '../../../common/hot-read.js';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { PARTY_LOCK } from '../../settings/party-lock.js';
import { SiteService } from '../../settings/site.service.js';
import { TicketSettingsService } from '../../settings/ticket-settings.service.js';
import { ActivityLog } from '../../staff/activity-log.service.js';
import type { StaffActor } from '../../staff/staff-actor.js';
import { ticketsTaken } from '../tickets-taken.js';
import { nextHoldLapse, takenByType } from './ticket-type-counts.js';
import { BUILT_IN_NAMES } from './ticket-type-defaults.js';
import { TicketTypeEntity } from './ticket-type.entity.js';

/** A type as the guest and the staff see it: the built-in ones named, described and priced by the Tickets section. */
export function presentType(type: TicketTypeEntity, tickets: TicketSettings): { name: string; description: string; price: number } {
  if (type.builtIn === null) return { name: type.name, description: type.description, price: type.priceCents };
  const labels = ticketAgeLabels(tickets);
  return type.builtIn === 'adult'
    ? { name: BUILT_IN_NAMES.adult, description: labels.adultAges, price: tickets.adultPriceCents }
    : {
        name: BUILT_IN_NAMES.child,
        description: `${labels.childAges} (${labels.freeUnder.toLowerCase()})`,
        price: tickets.childPriceCents,
      };
}

/** Whether a season sells more than adult and child tickets at the Tickets section's prices, any time. */
export function sellsTicketTypes(types: readonly TicketTypeEntity[]): boolean {
  return types.some((type) =>
    type.builtIn === null
      ? !type.hidden
      : type.hidden || type.capacity !== null || type.salesStart !== null || type.salesEnd !== null || type.priceSteps.length > 0,
  );
}

const stepsLabel = (type: Pick<TicketTypeEntity, 'priceSteps'>) =>
  type.priceSteps.length === 0 ? 'none' : type.priceSteps.map((step) => `${formatCents(step.price)} until ${step.until}`).join(', ');

/**
 * Each season's ticket types (docs/ticket-types.md): the staff's `Ticket types` section
 * (`GET`/`PUT /api/admin/ticket-types`) and the guest page's list (`GET /api/party-ticket-types`).
 * Saves run under the party lock, so no hold lands between the count of a type's tickets and
 * a capacity cut or a deletion.
 */
@Injectable()
export class TicketTypesService implements OnModuleInit {
  /** `GET /api/party-ticket-types`, dropped after every write under the party lock (holds, payments, refunds, saves). */
  readonly publicAnswer = new HotRead<PublicTicketTypesResponse>(() => this.readPublic(), 'no-cache');

  constructor(
    @InjectRepository(TicketTypeEntity) private readonly types: Repository<TicketTypeEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly settings: TicketSettingsService,
    private readonly seasons: SeasonsService,
    private readonly site: SiteService,
    private readonly activity: ActivityLog,
  ) {}

  onModuleInit(): void {
    this.exclusive.afterEach(PARTY_LOCK, () => this.publicAnswer.invalidate());
    this.site.addPartyDetails(async () => {
      const manager = this.types.manager;
      // Only when it does: a season of adult and child tickets answers as it always has.
      return sellsTicketTypes(await this.typesOf(manager, await this.seasons.readCurrentId(manager))) ? { sellsTicketTypes: true } : {};
    });
  }

  /** A season's types in their order (its built-in adult and child rows first), read with `manager`. */
  typesOf(manager: EntityManager, eventId: number): Promise<TicketTypeEntity[]> {
    return manager.find(TicketTypeEntity, { where: { eventId }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** The `Ticket types` section of the season on sale, with each type's tickets sold or held. */
  async adminTypes(manager: EntityManager = this.types.manager): Promise<AdminTicketTypesResponse> {
    const eventId = await this.seasons.readCurrentId(manager);
    const [types, tickets, site] = await Promise.all([this.typesOf(manager, eventId), this.settings.readTickets(manager), this.site.get()]);
    const taken = await takenByType(manager, eventId, types, new Date());
    return {
      timeZone: site.party.timeZone,
      types: types.map((type): AdminTicketType => ({
        id: type.id,
        builtIn: type.builtIn,
        ...presentType(type, tickets),
        seats: type.seats,
        capacity: type.capacity,
        salesStart: type.salesStart,
        salesEnd: type.salesEnd,
        priceSteps: type.priceSteps,
        hidden: type.hidden,
        taken: taken.get(type.id) ?? 0,
      })),
    };
  }

  /**
   * Saves every type of the season on sale, in the order given, under the party lock: a new
   * type is added; an existing one left out is deleted unless it has tickets sold or held (409,
   * hide it instead); the built-in adult and child types cannot be left out, keep one seat each,
   * and their price is the Tickets section's (saved there too). A capacity below a type's
   * tickets sold or held is refused. Nothing changes on a refusal. The activity log says what changed.
   */
  async save(request: TicketTypesRequest, actor: StaffActor): Promise<AdminTicketTypesResponse> {
    const answer = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const eventId = await this.seasons.readCurrentId(manager);
      const existing = await this.typesOf(manager, eventId);
      const taken = await takenByType(manager, eventId, existing, now);
      const byId = new Map(existing.map((type) => [type.id, type]));
      for (const input of request.types) {
        if (input.id !== undefined && !byId.has(input.id))
          throw new BadRequestException(`Ticket type ${input.id} is not one of this season's`);
      }
      const kept = new Set(request.types.map((input) => input.id));
      for (const type of existing) {
        if (kept.has(type.id)) continue;
        if (type.builtIn) throw new ConflictException(`${BUILT_IN_NAMES[type.builtIn]} tickets are built in: hide them instead`);
        const sold = taken.get(type.id) ?? 0;
        if (sold > 0)
          throw new ConflictException(
            `${type.name} has ${sold} ${sold === 1 ? 'ticket' : 'tickets'} sold or held and cannot be deleted: hide it instead`,
          );
      }
      const tickets = await this.settings.readTickets(manager);
      const prices = { adultPriceCents: tickets.adultPriceCents, childPriceCents: tickets.childPriceCents };
      const changes: string[] = [];
      for (const [position, input] of request.types.entries()) {
        const before = input.id === undefined ? undefined : byId.get(input.id);
        this.assertFits(input, before, taken);
        const values = this.valuesOf(input, before, eventId, position);
        if (!before) {
          await manager.insert(TicketTypeEntity, values);
          changes.push(`Added ${input.name}`);
          continue;
        }
        if (before.builtIn === 'adult') prices.adultPriceCents = input.price;
        if (before.builtIn === 'child') prices.childPriceCents = input.price;
        const change = this.describeChange(before, values, presentType(before, tickets).price, input.price);
        if (change) changes.push(change);
        await manager.update(TicketTypeEntity, { id: before.id }, values);
      }
      const removed = existing.filter((type) => !kept.has(type.id));
      if (removed.length > 0) {
        await manager.delete(TicketTypeEntity, { id: In(removed.map((type) => type.id)) });
        changes.push(...removed.map((type) => `Deleted ${type.name}`));
      }
      if (prices.adultPriceCents !== tickets.adultPriceCents || prices.childPriceCents !== tickets.childPriceCents) {
        await this.settings.writeTickets(manager, { ...tickets, ...prices }, now);
      }
      await this.activity.record(
        manager,
        actor,
        { action: 'settings.change', object: 'Ticket types', detail: changes.join('; ') || 'No change' },
        now,
      );
      return this.adminTypes(manager);
    });
    this.settings.changed();
    return answer;
  }

  /** Refuses a built-in type made more than one seat, and a capacity below a type's tickets sold or held. */
  private assertFits(input: TicketTypeInput, before: TicketTypeEntity | undefined, taken: Map<number, number>): void {
    if (before?.builtIn && input.seats !== 1) throw new BadRequestException('Adult and child tickets admit one person each');
    const sold = before ? (taken.get(before.id) ?? 0) : 0;
    if (input.capacity !== undefined && input.capacity !== null && input.capacity < sold) {
      throw new ConflictException(
        `${before?.name ?? input.name}: capacity cannot be below the ${sold} ${sold === 1 ? 'ticket' : 'tickets'} already sold or held`,
      );
    }
  }

  /** The row's values for `input`; a built-in type keeps its name, and its price lives in the Tickets section. */
  private valuesOf(
    input: TicketTypeInput,
    before: TicketTypeEntity | undefined,
    eventId: number,
    position: number,
  ): Partial<TicketTypeEntity> {
    const builtIn = before?.builtIn ?? null;
    return {
      eventId,
      builtIn,
      name: builtIn ? before!.name : input.name,
      description: builtIn ? '' : input.description,
      priceCents: builtIn ? 0 : input.price,
      seats: input.seats,
      capacity: input.capacity ?? null,
      salesStart: input.salesStart ?? null,
      salesEnd: input.salesEnd ?? null,
      priceSteps: input.priceSteps ?? [],
      hidden: input.hidden ?? false,
      position,
    };
  }

  /** `VIP Table: price $400.00 → $450.00, capacity 2 → 3` for the activity log, or null. */
  private describeChange(
    before: TicketTypeEntity,
    after: Partial<TicketTypeEntity>,
    priceBefore: number,
    priceAfter: number,
  ): string | null {
    const parts: string[] = [];
    if (after.name !== before.name) parts.push(`renamed from ${before.name}`);
    if (priceAfter !== priceBefore) parts.push(`price ${formatCents(priceBefore)} → ${formatCents(priceAfter)}`);
    if (after.seats !== before.seats) parts.push(`seats ${before.seats} → ${after.seats}`);
    if (after.capacity !== before.capacity) parts.push(`capacity ${before.capacity ?? 'the party’s'} → ${after.capacity ?? 'the party’s'}`);
    if (after.salesStart !== before.salesStart || after.salesEnd !== before.salesEnd) {
      parts.push(`sales ${after.salesStart ?? 'any time'} to ${after.salesEnd ?? 'the end'}`);
    }
    if (JSON.stringify(after.priceSteps) !== JSON.stringify(before.priceSteps))
      parts.push(`early-bird prices ${stepsLabel({ priceSteps: after.priceSteps ?? [] })}`);
    if (after.hidden !== before.hidden) parts.push(after.hidden ? 'hidden' : 'shown');
    if (after.description !== before.description && !before.builtIn) parts.push('description changed');
    if (after.position !== before.position && parts.length === 0) return null;
    return parts.length > 0 ? `${after.name}: ${parts.join(', ')}` : null;
  }

  /**
   * The guest page's list: the visible types in order, each at its price now, with the tickets
   * that can still be bought (its own capacity and the party's, in seats) and whether it is on
   * sale. Valid until the next hold lapses, a price step ends or a sale window opens or closes.
   */
  private async readPublic(): Promise<HotLoad<PublicTicketTypesResponse>> {
    const manager = this.types.manager;
    const now = new Date();
    const eventId = await this.seasons.readCurrentId(manager);
    const [types, tickets] = await Promise.all([this.typesOf(manager, eventId), this.settings.readTickets(manager)]);
    const [taken, partyTaken, lapse] = await Promise.all([
      takenByType(manager, eventId, types, now),
      ticketsTaken(manager, eventId, now),
      nextHoldLapse(manager, eventId, now),
    ]);
    const partyLeft = Math.max(0, tickets.capacity - partyTaken);
    const partyClosed = saleWindowState(tickets, now) !== null;
    const boundaries = [lapse, tickets.saleOpensAt, tickets.saleClosesAt];
    const visible = types.filter((type) => !type.hidden);
    const answer = visible.map((type) => {
      const shown = presentType(type, tickets);
      const { price, nextPrice } = priceAt({ price: shown.price, priceSteps: type.priceSteps }, now);
      const ownLeft = type.capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, type.capacity - (taken.get(type.id) ?? 0));
      boundaries.push(type.salesStart, type.salesEnd, nextPrice?.from);
      return {
        id: type.id,
        builtIn: type.builtIn,
        ...shown,
        price,
        seats: type.seats,
        remaining: Math.min(ownLeft, Math.floor(partyLeft / type.seats)),
        onSale: !partyClosed && typeSaleState(type, now) === null,
        ...(nextPrice ? { nextPrice } : {}),
      };
    });
    const future = boundaries
      .map((at) => (typeof at === 'string' ? Date.parse(at) : at))
      .filter((at): at is number => at !== undefined && at !== null && at > now.getTime());
    return { value: { types: answer }, validUntil: future.length > 0 ? Math.min(...future) : undefined };
  }
}
