import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  feastPacksUpdateSchema,
  pickupDateLabel,
  pickupTimeLabel,
  type FeastCatalog,
  type FeastPacksSettings,
  type FeastPacksUpdate,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { HotRead, type HotLoad } from '../../common/hot-read.js';
import { rawDateTime } from '../../database/raw-date-time.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { SeasonEntity } from '../seasons/season.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { FeastPackEntity } from './feast-pack.entity.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';

/**
 * Every decision that holds packs against a pickup time, or changes the packs and pickup times,
 * is taken under this lock: a pickup time is never oversold, and never cut below what it sold.
 */
export const FEAST_LOCK = 'feast';

/** Packs of a pickup time that are paid or held by a live hold, per pickup time. */
export async function packsTakenBySlot(manager: EntityManager, slotIds: string[], now: Date): Promise<Map<string, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await manager
    .createQueryBuilder(FeastOrderEntity, 'o')
    .select('o.slotId', 'slotId')
    .addSelect('COALESCE(SUM(o.packCount), 0)', 'taken')
    .where('o.slotId IN (:...slotIds)', { slotIds })
    .andWhere("(o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", { now })
    .groupBy('o.slotId')
    .getRawMany<{ slotId: string; taken: string | number }>();
  return new Map(rows.map((row) => [row.slotId, Number(row.taken)]));
}

const slotLabel = (slot: { date: string; time: string }) => `${pickupDateLabel(slot.date)} at ${pickupTimeLabel(slot.time)}`;

/**
 * The feast packs and pickup times of the event on sale (docs/feast-packs.md): what guests see
 * (`GET /api/feast-packs`, cached briefly like every hot public read) and what staff edit.
 */
@Injectable()
export class FeastCatalogService implements OnModuleInit {
  /** For display only: holds are checked under FEAST_LOCK in the database, never here. */
  readonly catalogAnswer = new HotRead<FeastCatalog>(() => this.readCatalog(), 'no-cache');

  constructor(
    @InjectRepository(FeastPackEntity) private readonly packs: Repository<FeastPackEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly seasons: SeasonsService,
    private readonly activity: ActivityLog,
    private readonly settings: TicketSettingsService,
  ) {}

  onModuleInit(): void {
    this.exclusive.afterEach(FEAST_LOCK, () => this.catalogAnswer.invalidate());
  }

  private async readCatalog(): Promise<HotLoad<FeastCatalog>> {
    const manager = this.packs.manager;
    const now = new Date();
    const settings = await this.settingsOf(manager, await this.seasons.readCurrentId(manager), now);
    const { taxRateBasisPoints } = await this.settings.readTicketsOf(manager, settings.eventId);
    if (!settings.open) return { value: { open: false, taxRateBasisPoints, packs: [], slots: [] } };
    const nextLapse = await manager
      .createQueryBuilder(FeastOrderEntity, 'o')
      .select('MIN(o.holdExpiresAt)', 'at')
      .where("o.status = 'pending' AND o.holdExpiresAt > :now AND o.eventId = :eventId", { now, eventId: settings.eventId })
      .getRawOne<{ at: string | Date | null }>();
    return {
      value: {
        open: true,
        taxRateBasisPoints,
        packs: settings.packs.filter((pack) => !pack.hidden).map(({ hidden: _hidden, ...pack }) => pack),
        slots: settings.slots.map(({ id, date, time, capacity, sold }) => ({ id, date, time, remaining: Math.max(0, capacity - sold) })),
      },
      validUntil: nextLapse?.at ? rawDateTime(nextLapse.at).getTime() : undefined,
    };
  }

  /** `GET /api/admin/feast-packs`. */
  async adminView(): Promise<FeastPacksSettings> {
    const manager = this.packs.manager;
    const { eventId: _eventId, ...settings } = await this.settingsOf(manager, await this.seasons.readCurrentId(manager), new Date());
    return settings;
  }

  private async settingsOf(manager: EntityManager, eventId: number, now: Date): Promise<FeastPacksSettings & { eventId: number }> {
    const event = await manager.findOneByOrFail(SeasonEntity, { id: eventId });
    const packs = await manager.find(FeastPackEntity, { where: { eventId }, order: { position: 'ASC' } });
    const slots = await manager.find(FeastPickupSlotEntity, { where: { eventId }, order: { date: 'ASC', time: 'ASC' } });
    const taken = await packsTakenBySlot(
      manager,
      slots.map((slot) => slot.id),
      now,
    );
    return {
      eventId,
      open: event.feastPreordersOpen,
      packs: packs.map((pack) => ({
        id: pack.id,
        name: pack.name,
        description: pack.description,
        price: pack.priceCents,
        vegetarian: pack.vegetarian,
        hidden: pack.hidden,
      })),
      slots: slots.map((slot) => ({
        id: slot.id,
        date: slot.date,
        time: slot.time,
        capacity: slot.capacity,
        sold: taken.get(slot.id) ?? 0,
      })),
    };
  }

  /**
   * `PUT /api/admin/feast-packs`: the whole section at once. A pack or pickup time with an `id`
   * must be this event's; one left out is removed (orders keep the names and prices they were
   * sold with). A pickup time with paid packs or live holds cannot be removed or cut below them.
   */
  async update(input: FeastPacksUpdate, actor: StaffActor): Promise<FeastCatalog> {
    const update = feastPacksUpdateSchema.parse(input);
    await this.exclusive.run(FEAST_LOCK, async (manager) => {
      const now = new Date();
      const eventId = await this.seasons.readCurrentId(manager);
      const current = await this.settingsOf(manager, eventId, now);
      const packIds = new Set(current.packs.map((pack) => pack.id));
      const slotsById = new Map(current.slots.map((slot) => [slot.id, slot]));
      for (const pack of update.packs) {
        if (pack.id && !packIds.has(pack.id)) throw new BadRequestException(`packs: no pack ${pack.id} in this event`);
      }
      for (const slot of update.slots) {
        if (!slot.id) continue;
        const existing = slotsById.get(slot.id);
        if (!existing) throw new BadRequestException(`slots: no pickup time ${slot.id} in this event`);
        if (slot.capacity < existing.sold) {
          throw new ConflictException(
            `The pickup time ${slotLabel(existing)} has ${existing.sold} packs sold or held: its capacity cannot be lower`,
          );
        }
        if (existing.sold > 0 && (slot.date !== existing.date || slot.time !== existing.time)) {
          throw new ConflictException(`The pickup time ${slotLabel(existing)} has orders: its date and time cannot change`);
        }
      }
      const kept = new Set(update.slots.flatMap((slot) => (slot.id ? [slot.id] : [])));
      for (const slot of current.slots) {
        if (!kept.has(slot.id) && slot.sold > 0) {
          throw new ConflictException(`The pickup time ${slotLabel(slot)} has orders and cannot be removed`);
        }
      }

      await manager.delete(FeastPackEntity, { eventId });
      if (update.packs.length > 0) {
        await manager.insert(
          FeastPackEntity,
          update.packs.map((pack, position) => ({
            id: pack.id ?? randomUUID(),
            eventId,
            name: pack.name,
            description: pack.description,
            priceCents: pack.price,
            vegetarian: pack.vegetarian,
            hidden: pack.hidden ?? false,
            position,
          })),
        );
      }
      for (const slot of current.slots) {
        if (!kept.has(slot.id)) await manager.delete(FeastPickupSlotEntity, { id: slot.id, eventId });
      }
      for (const slot of update.slots) {
        const row = { eventId, date: slot.date, time: slot.time, capacity: slot.capacity };
        if (slot.id) await manager.update(FeastPickupSlotEntity, { id: slot.id, eventId }, row);
        else await manager.insert(FeastPickupSlotEntity, { id: randomUUID(), ...row });
      }
      await manager.update(SeasonEntity, { id: eventId }, { feastPreordersOpen: update.open });
      await this.activity.record(
        manager,
        actor,
        {
          action: 'feast.update',
          object: 'Feast packs',
          detail: `Pre-orders ${update.open ? 'open' : 'closed'}; ${update.packs.length} packs, ${update.slots.length} pickup times`,
        },
        now,
      );
    });
    return (await this.readCatalog()).value;
  }
}
