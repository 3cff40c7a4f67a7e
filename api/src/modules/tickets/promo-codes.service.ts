import { randomUUID } from 'node:crypto';
import { ConflictException, HttpStatus, Inject, Injectable, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  formatSaleDate,
  normalizePromoCode,
  PROMO_DISCOUNT_PERCENT,
  promoCodeStatusOf,
  type AdminPromoCode,
  type PromoCodeStatus,
  type UpdatePromoCodeRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SiteService } from '../settings/site.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PARTY_LOCK } from '../settings/party-lock.js';
import { PromoCodeEntity } from './promo-code.entity.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** A promo code as a price sees it: its status and the percent it takes off (0 unless valid). */
export interface PromoCheck {
  status: PromoCodeStatus;
  percentOff: number;
}

const NO_CODE: PromoCheck = { status: 'none', percentOff: 0 };

type Fields = UpdatePromoCodeRequest;

/** What the activity log says of each field, in the manager's words. */
function describeFields(fields: Omit<Fields, 'code'>, timeZone: string): string {
  return [
    `${fields.percentOff}% off`,
    fields.maxUses === null ? 'no limit' : `at most ${fields.maxUses} ${fields.maxUses === 1 ? 'use' : 'uses'}`,
    fields.validUntil === null ? 'no end' : `valid until ${formatSaleDate(fields.validUntil, timeZone)}`,
    fields.active ? 'active' : 'switched off',
  ].join(', ');
}

/** What an update changed: `Percent off 5% → 10%; Maximum uses no limit → 50`. */
function describeChanges(before: Fields, after: Fields, timeZone: string): string {
  const labels: { [K in keyof Fields]: [label: string, format: (value: Fields[K]) => string] } = {
    code: ['Code', String],
    percentOff: ['Percent off', (value) => `${value}%`],
    maxUses: ['Maximum uses', (value) => (value === null ? 'no limit' : String(value))],
    validUntil: ['Valid until', (value) => (value === null ? 'no end' : formatSaleDate(value, timeZone))],
    active: ['Active', (value) => (value ? 'yes' : 'no')],
  };
  const changes: string[] = [];
  for (const key of Object.keys(labels) as (keyof Fields)[]) {
    const [label, format] = labels[key] as [string, (value: unknown) => string];
    const [was, now] = [format(before[key]), format(after[key])];
    if (was !== now) changes.push(`${label} ${was} → ${now}`);
  }
  return changes.length > 0 ? changes.join('; ') : 'No change';
}

function fieldsOf(row: PromoCodeEntity): Fields {
  return {
    code: row.code,
    percentOff: row.percentOff,
    maxUses: row.maxUses,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    active: row.active,
  };
}

function toAdmin(row: PromoCodeEntity, uses: number): AdminPromoCode {
  return { id: row.id, ...fieldsOf(row), uses, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Promo codes (docs/settings.md): the quote's check, the payment intent's claim under the party
 * lock, and the manager's list, create and update. A code's uses are the paid orders that carry
 * it; at the intent, live holds with it count too, so its last use cannot be sold twice.
 */
@Injectable()
export class PromoCodesService implements OnApplicationBootstrap {
  constructor(
    @InjectRepository(PromoCodeEntity) private readonly codes: Repository<PromoCodeEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly site: SiteService,
  ) {}

  /**
   * Fills an empty table from `PROMO_CODES` (each 5 %, no limit, no end, active), once. The check
   * and the insert run under the party lock, so replicas starting together on an empty database
   * fill it one after the other: the first inserts, the others find codes and add none. (Two
   * unlocked multi-row inserts of the same codes in different orders deadlock on MariaDB.)
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.promoCodes.length === 0) return;
    const now = new Date();
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      if (await manager.exists(PromoCodeEntity)) return;
      await manager.insert(
        PromoCodeEntity,
        this.config.promoCodes.map((code) => ({
          id: randomUUID(),
          code,
          percentOff: PROMO_DISCOUNT_PERCENT,
          maxUses: null,
          validUntil: null,
          active: true,
          createdAt: now,
          updatedAt: now,
        })),
      );
    });
  }

  /** Paid orders with `code`. */
  private paidUses(manager: EntityManager, code: string): Promise<number> {
    return manager.createQueryBuilder(PartyOrderEntity, 'o').where("o.promoCode = :code AND o.status = 'paid'", { code }).getCount();
  }

  /** Paid orders with `code` and live holds with it (unpaid, hold not lapsed at `now`). */
  private paidOrHeld(manager: EntityManager, code: string, now: Date): Promise<number> {
    return manager
      .createQueryBuilder(PartyOrderEntity, 'o')
      .where("o.promoCode = :code AND (o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", { code, now })
      .getCount();
  }

  /**
   * The quote's check of a code the guest typed (trimmed, any case), with its uses as the paid
   * orders so far. For display: the payment intent claims the code again under the party lock.
   */
  async check(rawCode: string | undefined, now = new Date()): Promise<PromoCheck> {
    const code = normalizePromoCode(rawCode ?? '');
    if (code === '') return NO_CODE;
    const row = await this.codes.findOneBy({ code });
    const uses = row?.active && row.maxUses !== null ? await this.paidUses(this.codes.manager, code) : 0;
    const status = promoCodeStatusOf(row, uses, now);
    return { status, percentOff: status === 'valid' ? row!.percentOff : 0 };
  }

  /**
   * The payment intent's claim of a code, inside its party-lock transaction (`manager`): unknown
   * or switched off is a 400 `Invalid promo code`; expired, or with its paid orders and live
   * holds already at `maxUses`, a 409 in the page's words. Answers the code as stored with its
   * percent, or null without a code. Holds and payments take the same lock, so two buyers racing
   * for a code's last use are one after the other: the second sees the first one's hold.
   */
  async claim(manager: EntityManager, rawCode: string | undefined, now: Date): Promise<{ code: string; percentOff: number } | null> {
    const code = normalizePromoCode(rawCode ?? '');
    if (code === '') return null;
    const row = await manager.findOneBy(PromoCodeEntity, { code });
    const taken = row?.active && row.maxUses !== null ? await this.paidOrHeld(manager, code, now) : 0;
    const status = promoCodeStatusOf(row, taken, now);
    if (status === 'invalid') throw new GuestRefusal(HttpStatus.BAD_REQUEST, GUEST_REFUSALS.promoInvalid);
    if (status === 'expired') throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.promoExpired);
    if (status === 'used-up') throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.promoUsedUp);
    return { code: row!.code, percentOff: row!.percentOff };
  }

  /**
   * A code at the payment of `orderId`, inside the payment's party-lock transaction, so no code is
   * ever used more than its limit. A live hold keeps the terms it was held at (switched off or
   * expired since, it is still honoured), and only the code's paid orders count against its
   * limit. A hold that was released or has lapsed is judged as a new order would be now: the code
   * must be valid, and its paid orders and the other live holds with it must leave a use.
   */
  async atPayment(
    manager: EntityManager,
    code: string,
    orderId: string,
    holdLive: boolean,
    now: Date,
  ): Promise<{ status: Exclude<PromoCodeStatus, 'none'>; percentOff: number }> {
    const row = await manager.findOneBy(PromoCodeEntity, { code });
    if (!row) return { status: 'invalid', percentOff: 0 };
    const others = manager.createQueryBuilder(PartyOrderEntity, 'o').where('o.promoCode = :code AND o.id <> :orderId', { code, orderId });
    if (holdLive) {
      const paid = row.maxUses === null ? 0 : await others.andWhere("o.status = 'paid'").getCount();
      return { status: row.maxUses !== null && paid >= row.maxUses ? 'used-up' : 'valid', percentOff: row.percentOff };
    }
    const taken =
      row.active && row.maxUses !== null
        ? await others.andWhere("(o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", { now }).getCount()
        : 0;
    return { status: promoCodeStatusOf(row, taken, now), percentOff: row.percentOff };
  }

  /** `GET /api/admin/promo-codes`: every code, oldest first, with its paid orders so far. */
  async list(): Promise<AdminPromoCode[]> {
    const rows = await this.codes.find({ order: { createdAt: 'ASC', code: 'ASC' } });
    const counts = await this.codes.manager
      .createQueryBuilder(PartyOrderEntity, 'o')
      .select('o.promoCode', 'code')
      .addSelect('COUNT(*)', 'uses')
      .where("o.status = 'paid' AND o.promoCode IS NOT NULL")
      .groupBy('o.promoCode')
      .getRawMany<{ code: string; uses: string | number }>();
    const uses = new Map(counts.map((row) => [row.code.toUpperCase(), Number(row.uses)]));
    return rows.map((row) => toAdmin(row, uses.get(row.code) ?? 0));
  }

  /**
   * `POST /api/admin/promo-codes`. Under the party lock (as every hold and payment), with its
   * activity-log entry in the same transaction; a code that exists already is a 409.
   */
  async create(input: Fields, actor: StaffActor): Promise<AdminPromoCode> {
    const { timeZone } = (await this.site.get()).party;
    return this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      await this.assertFree(manager, input.code);
      const row = manager.create(PromoCodeEntity, {
        id: randomUUID(),
        code: input.code,
        percentOff: input.percentOff,
        maxUses: input.maxUses,
        validUntil: input.validUntil === null ? null : new Date(input.validUntil),
        active: input.active,
        createdAt: now,
        updatedAt: now,
      });
      await manager.insert(PromoCodeEntity, row);
      await this.activity.record(
        manager,
        actor,
        { action: 'promo-code.create', object: `Promo code ${row.code}`, detail: describeFields(input, timeZone) },
        now,
      );
      return toAdmin(row, 0);
    });
  }

  /**
   * `PUT /api/admin/promo-codes/:id`: the whole code. Under the party lock, so no payment lands
   * between the count of its uses and the new limit: a `maxUses` below the paid orders so far is
   * a 409. The code text changes only while no order carries it (an order keeps the code it was
   * sold with, and the uses are counted by it).
   */
  async update(id: string, input: Fields, actor: StaffActor): Promise<AdminPromoCode> {
    const { timeZone } = (await this.site.get()).party;
    return this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const row = await manager.findOneBy(PromoCodeEntity, { id });
      if (!row) throw new NotFoundException('Promo code not found');
      const before = fieldsOf(row);
      if (input.code !== row.code) {
        await this.assertFree(manager, input.code);
        if (await manager.existsBy(PartyOrderEntity, { promoCode: row.code })) {
          throw new ConflictException(
            `The code ${row.code} cannot change: orders have used it. Switch it off and add a new promo code instead`,
          );
        }
      }
      const uses = await this.paidUses(manager, row.code);
      if (input.maxUses !== null && input.maxUses < uses) {
        throw new ConflictException(`Maximum uses cannot be below the ${uses} ${uses === 1 ? 'use' : 'uses'} so far`);
      }
      row.code = input.code;
      row.percentOff = input.percentOff;
      row.maxUses = input.maxUses;
      row.validUntil = input.validUntil === null ? null : new Date(input.validUntil);
      row.active = input.active;
      row.updatedAt = now;
      await manager.update(
        PromoCodeEntity,
        { id },
        {
          code: row.code,
          percentOff: row.percentOff,
          maxUses: row.maxUses,
          validUntil: row.validUntil,
          active: row.active,
          updatedAt: now,
        },
      );
      await this.activity.record(
        manager,
        actor,
        { action: 'promo-code.update', object: `Promo code ${row.code}`, detail: describeChanges(before, fieldsOf(row), timeZone) },
        now,
      );
      return toAdmin(row, uses);
    });
  }

  private async assertFree(manager: EntityManager, code: string): Promise<void> {
    if (await manager.existsBy(PromoCodeEntity, { code })) throw new ConflictException(`A promo code ${code} already exists`);
  }
}
