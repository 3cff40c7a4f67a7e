import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { MAX_FEAST_PACKS, MAX_PACKS_PER_ORDER, MAX_PICKUP_SLOTS } from './feast-catalog.js';
import { orderLanguageField } from './language-field.js';

const defineSchema = <T>(build: () => T): T => build();

// The schemas of the feast pack requests; the rest is in feast-catalog.ts, which the landing
// page loads without the schema library.

const isoDate = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
    .refine((value) => {
      const [year, month, day] = value.split('-').map(Number);
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }, 'date is not a real date');
const clockTime = () =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24-hour)');
const id = () => z.string().trim().min(1).max(36);

/** `PUT /api/admin/feast-packs`: the whole section; a pack or pickup time without `id` is new. */
export const feastPacksUpdateSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      open: z.boolean(),
      packs: z
        .array(
          z.strictObject({
            id: id().optional(),
            name: z.string().trim().min(1, 'Each pack needs a name').max(80, 'A pack name is at most 80 characters'),
            description: z.string().trim().max(500, 'A pack description is at most 500 characters'),
            price: z
              .number()
              .int('price must be whole cents')
              .min(1, 'A pack price must be at least 1 cent')
              .max(100_000, 'A pack price is at most $1,000.00'),
            vegetarian: z.boolean(),
            hidden: z.boolean().optional(),
          }),
        )
        .max(MAX_FEAST_PACKS, `At most ${MAX_FEAST_PACKS} packs`),
      slots: z
        .array(
          z.strictObject({
            id: id().optional(),
            date: isoDate(),
            time: clockTime(),
            capacity: z
              .number()
              .int('capacity must be a whole number')
              .min(1, 'A pickup time needs a capacity of at least 1')
              .max(10_000, 'A pickup time holds at most 10000 packs'),
          }),
        )
        .max(MAX_PICKUP_SLOTS, `At most ${MAX_PICKUP_SLOTS} pickup times`),
    })
    .superRefine((value, ctx) => {
      const times = new Set<string>();
      for (const slot of value.slots) {
        const key = `${slot.date} ${slot.time}`;
        if (times.has(key)) ctx.addIssue({ code: 'custom', path: ['slots'], message: `The pickup time ${key} is listed twice` });
        times.add(key);
      }
      const ids = value.packs.flatMap((pack) => (pack.id ? [pack.id] : []));
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['packs'], message: 'A pack is listed twice' });
      if (value.open && !value.packs.some((pack) => !pack.hidden)) {
        ctx.addIssue({ code: 'custom', path: ['packs'], message: 'Pre-orders need at least one pack that is shown' });
      }
      if (value.open && value.slots.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['slots'], message: 'Pre-orders need at least one pickup time' });
      }
    }),
);
export type FeastPacksUpdate = z.infer<typeof feastPacksUpdateSchema>;

/** `POST /api/feast-order-intent`. `totalAmount` is what the buyer saw; the server re-prices. */
export const feastOrderIntentSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      customerName: z.string().trim().min(1, 'Name is required').max(160, 'Name is too long'),
      customerEmail: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
      customerPhone: z.string().trim().min(10, 'Phone number must be at least 10 digits').max(30, 'Phone number is too long'),
      /** The unticked `Send me news about the restaurant's events` box, when ticked (docs/privacy.md). */
      newsConsent: z.boolean().optional(),
      items: z
        .array(
          z.strictObject({
            packId: id(),
            quantity: z
              .number()
              .int('quantity must be a whole number')
              .min(1, 'quantity must be at least 1')
              .max(MAX_PACKS_PER_ORDER, `At most ${MAX_PACKS_PER_ORDER} packs per order`),
          }),
        )
        .min(1, 'Add at least one feast pack')
        .max(MAX_FEAST_PACKS, `At most ${MAX_FEAST_PACKS} lines`),
      slotId: z.string().trim().min(1, 'Choose a pickup time').max(36),
      totalAmount: z.number().int('totalAmount must be whole cents').min(0, 'totalAmount cannot be negative'),
      /** The visitor's analytics session, so the completed order counts for its attribution. */
      sessionId: z.string().trim().max(64).optional(),
      /** The language of the page the packs were pre-ordered on (docs/languages.md): English unless told. */
      language: orderLanguageField(),
    })
    .superRefine((value, ctx) => {
      const packs = value.items.map((item) => item.packId);
      if (new Set(packs).size !== packs.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'A pack is listed twice' });
      if (value.items.reduce((sum, item) => sum + item.quantity, 0) > MAX_PACKS_PER_ORDER) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: `At most ${MAX_PACKS_PER_ORDER} packs per order` });
      }
    }),
);
export type FeastOrderIntent = z.infer<typeof feastOrderIntentSchema>;

/** `GET /api/admin/pickups?q=`: the desk's search (name, e-mail, phone or reference). */
export const pickupSearchQuerySchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({ q: z.string().trim().max(100, 'The search is at most 100 characters').optional() }),
);

/** A pickup (`Picked up` at the desk): by the order's signed pickup code or its id. */
export const pickupRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      code: z.string().trim().min(1, 'Enter a pickup code').max(200, 'Not a valid pickup code').optional(),
      orderId: z.uuid({ error: valueMessage('orderId must be an order id') }).optional(),
    })
    .refine((value) => Boolean(value.code) !== Boolean(value.orderId), 'Send either a pickup code or an order id'),
);
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

/**
 * `POST /api/admin/feast-orders/:orderId/refund` (the body may be left out): a pre-order the desk
 * already marked picked up is refunded only with `confirmPickedUp: true`, sent after the manager
 * confirmed it knowing so.
 */
export const feastRefundRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    confirmPickedUp: z.boolean().optional(),
  }),
);
export type FeastRefundRequest = z.infer<typeof feastRefundRequestSchema>;
