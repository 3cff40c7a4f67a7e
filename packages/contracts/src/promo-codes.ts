import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import type { PromoCodeStatus } from './party.js';

const defineSchema = <T>(build: () => T): T => build();

/** The longest code (the guest's promo field and `party_orders.promoCode` take 40 characters). */
export const PROMO_CODE_MAX_LENGTH = 40;
/** The highest `maxUses` the settings accept. */
export const MAX_PROMO_CODE_USES = 1_000_000;

/** A code as it is stored and compared: trimmed, upper-case (`' diwali5 '` is `DIWALI5`). */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

const code = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Promo code is required')
    .max(PROMO_CODE_MAX_LENGTH, `Promo code cannot be longer than ${PROMO_CODE_MAX_LENGTH} characters`)
    .regex(/^[A-Z0-9_-]*$/, 'Promo code can only have letters, digits, - and _');

const percentOff = () =>
  z
    .number()
    .int('Percent off must be a whole number')
    .min(1, 'Percent off must be at least 1')
    .max(100, 'Percent off cannot be more than 100');

const maxUses = () =>
  z
    .number()
    .int('Maximum uses must be a whole number, or null for no limit')
    .min(1, 'Maximum uses must be at least 1')
    .max(MAX_PROMO_CODE_USES, `Maximum uses cannot be more than ${MAX_PROMO_CODE_USES.toLocaleString('en-US')}`)
    .nullable();

const validUntil = () =>
  z.iso
    .datetime({
      offset: true,
      error: valueMessage('Valid until must be a date and time such as 2026-11-01T23:59:00-07:00, or null for no end'),
    })
    .nullable();

const active = () => z.boolean();

/** One code's text, checked as the settings check it (PROMO_CODES fills only codes that pass). */
export const promoCodeTextSchema = /* @__PURE__ */ defineSchema(() => code());

/**
 * `POST /api/admin/promo-codes`: a new code. Without `maxUses` it has no limit, without
 * `validUntil` no end, without `active` it is active.
 */
export const createPromoCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    code: code(),
    percentOff: percentOff(),
    maxUses: maxUses().default(null),
    validUntil: validUntil().default(null),
    active: active().default(true),
  }),
);
export type CreatePromoCodeRequest = z.input<typeof createPromoCodeSchema>;

/**
 * `PUT /api/admin/promo-codes/:id`: the whole code, every field (a missing one is a 400, never a
 * silent reset). The code text changes only while no order has used it.
 */
export const updatePromoCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({ code: code(), percentOff: percentOff(), maxUses: maxUses(), validUntil: validUntil(), active: active() }),
);
export type UpdatePromoCodeRequest = z.infer<typeof updatePromoCodeSchema>;

/** A promo code as the manager sees it (`GET /api/admin/promo-codes`). */
export interface AdminPromoCode {
  id: string;
  /** Upper-case, trimmed. */
  code: string;
  /** 1 to 100, taken off after the group discount. */
  percentOff: number;
  /** At most this many paid orders; null: no limit. */
  maxUses: number | null;
  /** ISO 8601; from then on the code is expired. Null: no end. */
  validUntil: string | null;
  active: boolean;
  /** Paid orders with this code so far. */
  uses: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a code is worth at `now` with `uses` counted against its `maxUses`: unknown or switched
 * off is `invalid`; from `validUntil` on `expired`; with `uses` at `maxUses` `used-up`.
 */
export function promoCodeStatusOf(
  promo: { active: boolean; validUntil: Date | string | null; maxUses: number | null } | null | undefined,
  uses: number,
  now: Date,
): Exclude<PromoCodeStatus, 'none'> {
  if (!promo || !promo.active) return 'invalid';
  if (promo.validUntil !== null && now.getTime() >= new Date(promo.validUntil).getTime()) return 'expired';
  if (promo.maxUses !== null && uses >= promo.maxUses) return 'used-up';
  return 'valid';
}
