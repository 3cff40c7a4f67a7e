// Feast pack pre-orders without the schema library: the landing page's cart imports these.
import { LANGUAGE_LOCALES, SOURCE_LANGUAGE, type Language } from './languages.js';
import { percentOfCents, type Cents } from './money.js';

/**
 * Feast pack pre-orders (docs/feast-packs.md): packs picked up at a pickup time, each pickup
 * time with a capacity in packs. Closed by default; staff open them per event.
 */

/** The most packs one pre-order may hold; bigger orders are catering (by phone). */
export const MAX_PACKS_PER_ORDER = 20;
/** The most packs and pickup times one event may offer. */
export const MAX_FEAST_PACKS = 12;
export const MAX_PICKUP_SLOTS = 60;

/** The two packs a new season starts with (docs/product.md's e-mail template), closed. */
export const DEFAULT_FEAST_PACKS = [
  {
    name: 'Vegetarian Feast Pack',
    description: 'A vegetarian Diwali feast for the family: curries, biryani, breads and sweets.',
    price: 3999,
    vegetarian: true,
  },
  {
    name: 'Non-Vegetarian Feast Pack',
    description: 'A Diwali feast for the family with chicken and goat curries, biryani, breads and sweets.',
    price: 4999,
    vegetarian: false,
  },
] as const;

/** A pack as guests see it. `price` is integer cents. */
export interface FeastPack {
  id: string;
  name: string;
  description: string;
  price: Cents;
  vegetarian: boolean;
}

/** A pickup time as guests see it: `remaining` packs can still be ordered for it. */
export interface FeastPickupSlot {
  id: string;
  /** `YYYY-MM-DD`, in the restaurant's time zone. */
  date: string;
  /** `HH:MM`, 24-hour. */
  time: string;
  remaining: number;
}

/** `GET /api/feast-packs`: hidden packs are left out; closed, the lists are empty. */
export interface FeastCatalog {
  open: boolean;
  /** The event's tax rate, so the cart shows the total the server will charge. */
  taxRateBasisPoints: number;
  packs: FeastPack[];
  slots: FeastPickupSlot[];
}

/** A pack as staff edit it. */
export interface FeastPackSetting extends FeastPack {
  hidden: boolean;
}

/** A pickup time as staff edit it: `sold` counts paid packs and live holds. */
export interface FeastPickupSlotSetting {
  id: string;
  date: string;
  time: string;
  capacity: number;
  sold: number;
}

/** `GET /api/admin/feast-packs`: the event on sale's packs and pickup times, as staff edit them. */
export interface FeastPacksSettings {
  open: boolean;
  packs: FeastPackSetting[];
  slots: FeastPickupSlotSetting[];
}

export interface FeastOrderIntentResponse {
  clientSecret: string;
  orderId: string;
  /** When the held packs go back on sale if unpaid (ISO 8601). */
  holdExpiresAt: string;
}

export interface FeastPrice {
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** The price of a cart: packs × price, tax at the event's rate on the subtotal, whole cents. */
export function priceFeastOrder(lines: readonly { price: Cents; quantity: number }[], taxRateBasisPoints: number): FeastPrice {
  const subtotalCents = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const taxCents = percentOfCents(subtotalCents, taxRateBasisPoints);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** One line of a pre-order as it was sold. */
export interface FeastOrderLine {
  packId: string;
  name: string;
  quantity: number;
  price: Cents;
}

/** What the `Pre-order Confirmed` page shows about a paid pre-order. */
export interface FeastOrderReceipt extends FeastPrice {
  orderId: string;
  reference: string;
  status: 'paid';
  pickupDate: string;
  pickupTime: string;
  items: FeastOrderLine[];
  paidAt: string;
  /** Only for the browser that paid (it sent the payment's client secret). */
  customerName?: string;
  customerEmail?: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `2026-10-17` -> `Saturday, October 17, 2026` (a calendar date: no time zone involved). */
export function pickupDateLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** `13:30` -> `1:30 PM`. */
export function pickupTimeLabel(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * A pickup day in a guest's language: English's own label (pickupDateLabel), else `Intl`'s long
 * date in the language's locale (`शनिवार, 17 अक्तूबर 2026`). A calendar date: no time zone.
 */
export function pickupDateIn(date: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return pickupDateLabel(date);
  const [year, month, day] = date.split('-').map(Number);
  const format = { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], format).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A pickup time on the wall (`13:30`) in a guest's language: `1:30 PM` in English, else `Intl`'s. */
export function pickupTimeIn(time: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return pickupTimeLabel(time);
  const [hours, minutes] = time.split(':').map(Number);
  const format = { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' } as const;
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], format).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** An order at the pickup desk. */
export interface PickupOrder {
  orderId: string;
  reference: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  items: { name: string; quantity: number }[];
  pickupDate: string;
  pickupTime: string;
  pickedUpAt: string | null;
  pickedUpBy: string | null;
}

/** `POST /api/admin/pickups`: `picked_up` now, or `already_picked_up` (when and by whom). */
export interface PickupResponse {
  result: 'picked_up' | 'already_picked_up' | 'invalid' | 'not_paid';
  order: PickupOrder | null;
}
