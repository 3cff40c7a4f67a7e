import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { percentOfCents, TAX_RATE_BASIS_POINTS, type Cents } from './money.js';
import { orderLanguageField } from './language-field.js';
import type { Language } from './languages.js';
import { tipSchema, type Tip } from './tips.js';

/**
 * Builds a schema in a call marked pure, so a bundle that only needs priceDrinks() and the
 * types (the guests' drinks pages) leaves the schemas, and zod, out.
 */
const defineSchema = <T>(build: () => T): T => build();

/** The most of one drink a single order may hold. */
export const MAX_DRINK_QUANTITY = 20;
/** The most different drinks a single order may hold. */
export const MAX_DRINK_LINES = 30;

/** A drink on the menu. `available` 0 means out of stock. */
export interface Drink {
  id: string;
  name: string;
  description: string;
  category: string;
  /** Integer cents. */
  price: Cents;
  available: number;
}

/** A drink in the guest's cart. */
export interface CartItem extends Drink {
  quantity: number;
}

export interface DrinkPriceLine {
  price: Cents;
  quantity: number;
}

export interface DrinkPrice {
  /** Drinks in the order (sum of quantities). */
  itemCount: number;
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * The one price of a drinks order (or of a whole tab), used by the API (the authority) and
 * shown by the menu and checkout.
 *
 *   1. subtotal = sum of price x quantity over the lines               (exact, integer cents)
 *   2. tax      = round(subtotal x 9.38 %), half away from zero, once on the subtotal
 *                 (never per line, so the tax of an order does not depend on how it is split)
 *   3. total    = subtotal + tax
 */
export function priceDrinks(lines: readonly DrinkPriceLine[]): DrinkPrice {
  let subtotalCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotalCents += line.price * line.quantity;
    itemCount += line.quantity;
  }
  return { itemCount, ...priceDrinksSubtotal(subtotalCents) };
}

/** Steps 2 and 3 of `priceDrinks` for a known subtotal (a tab's, from its orders' subtotals). */
export function priceDrinksSubtotal(subtotalCents: Cents): Omit<DrinkPrice, 'itemCount'> {
  const taxCents = percentOfCents(subtotalCents, TAX_RATE_BASIS_POINTS);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** Status of an order at the bar: New (to make), Ready (on the counter), Served. */
export const BAR_ORDER_STATUSES = ['new', 'ready', 'served'] as const;
export type BarOrderStatus = (typeof BAR_ORDER_STATUSES)[number];
export const BAR_ORDER_STATUS_LABELS: Record<BarOrderStatus, string> = { new: 'New', ready: 'Ready', served: 'Served' };

/**
 * A tab's life: `pending` until the card is saved, `open` (drinks go on it), `closing` while the
 * saved card is being charged, `closed` (charged, or nothing to charge) or `settled` (staff took
 * the payment another way, e.g. after a declined card).
 */
export const DRINK_TAB_STATUSES = ['pending', 'open', 'closing', 'closed', 'settled'] as const;
export type DrinkTabStatus = (typeof DRINK_TAB_STATUSES)[number];

/** The short reference of a tab, shown to the guest and at the bar: first 8 characters, upper case. */
export function drinkTabReference(tabId: string): string {
  return tabId.slice(0, 8).toUpperCase();
}

const customerName = () => z.string().trim().min(1, 'Please enter your name').max(80, 'Name is too long');

/** Optional text: empty strings count as not given. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, 'Invalid email address')
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email('Invalid email address').optional());

const guestFields = () => ({
  customerName: customerName(),
  customerEmail: optionalEmail(),
  customerPhone: optionalText(30, 'Phone number'),
  tableNumber: optionalText(20, 'Table number'),
  language: orderLanguageField(),
});

/** One line of an order as the guest's cart sends it; the server checks name and price. */
export const drinkOrderItemSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    id: z.string().trim().min(1, 'id is required').max(64),
    name: z.string().trim().max(120),
    price: z.number().int('price must be whole cents').min(0, 'price cannot be negative'),
    quantity: z
      .number()
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(MAX_DRINK_QUANTITY, `quantity cannot exceed ${MAX_DRINK_QUANTITY}`),
  }),
);
export type DrinkOrderItem = z.infer<typeof drinkOrderItemSchema>;

const orderItems = () =>
  z
    .array(drinkOrderItemSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_DRINK_LINES, `An order can hold at most ${MAX_DRINK_LINES} different drinks`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message: `${item.name || item.id} is listed twice` });
        seen.add(item.id);
      }
    });

const orderTotal = () => z.number().int('total must be whole cents').min(0, 'total cannot be negative');

/** `POST /api/drink-payment-intent`: pay now. `total` is what the guest saw; the server re-prices. */
export const drinkPaymentRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({ ...guestFields(), items: orderItems(), total: orderTotal(), tip: tipSchema.optional() }),
);
export type DrinkPaymentRequest = z.input<typeof drinkPaymentRequestSchema>;
export type ValidDrinkPaymentRequest = z.output<typeof drinkPaymentRequestSchema>;

export interface DrinkPaymentResponse {
  clientSecret: string;
  orderId: string;
}

/** `POST /api/confirm-drink-payment`. */
export const confirmDrinkPaymentRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    paymentIntentId: z.string().trim().min(1, 'paymentIntentId is required').max(255),
    type: z.literal('drink_order', { error: valueMessage('type must be "drink_order"') }).optional(),
    /** The payment's client secret: without it the answer carries no name. */
    clientSecret: z.string().trim().max(255).optional(),
  }),
);
export type ConfirmDrinkPaymentRequest = z.infer<typeof confirmDrinkPaymentRequestSchema>;

/**
 * A drinks order as the guest and the bar see it. `number` is the bar's order number. The
 * guest's name only reaches a caller holding the payment's client secret or the tab's token.
 */
export interface DrinkOrderReceipt {
  orderId: string;
  number: number;
  /** `paid` now, or put on a tab. */
  payment: 'paid' | 'tab';
  barStatus: BarOrderStatus;
  customerName?: string;
  tableNumber: string | null;
  items: { id: string; name: string; price: Cents; quantity: number }[];
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  tabId: string | null;
  placedAt: string;
  /** The tip of a pay-now order (0 without one), not taxed; `totalCents` is what the card was charged, tip included. */
  tipCents?: Cents;
}

/**
 * `GET /api/drink-orders/:orderId/status`: where a placed order is at the bar, for the phone that
 * holds its secret (header `X-Client-Secret` for a paid order, `X-Tab-Token` for a tab order).
 * Nothing personal: the guest's phone polls it until the order is served.
 */
export interface DrinkOrderStatusView {
  orderId: string;
  number: number;
  barStatus: BarOrderStatus;
}

/** `POST /api/drink-tab`: open a tab by saving a card. */
export const drinkTabRequestSchema = /* @__PURE__ */ defineSchema(() => z.strictObject(guestFields()));
export type DrinkTabRequest = z.input<typeof drinkTabRequestSchema>;
export type ValidDrinkTabRequest = z.output<typeof drinkTabRequestSchema>;

export interface DrinkTabResponse {
  clientSecret: string;
  tabId: string;
  /** The secret that lets this phone (and only it) order onto the tab and read it. */
  tabToken: string;
}

/** `POST /api/drink-tab/confirm-setup`. */
export const confirmDrinkTabSetupRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    tabId: z.uuid({ error: valueMessage('tabId must be a tab id') }),
    setupIntentId: z.string().trim().min(1, 'setupIntentId is required').max(255),
    /** The tab's token: without it the answer carries no name and no orders. */
    tabToken: z.string().trim().max(128).optional(),
  }),
);
export type ConfirmDrinkTabSetupRequest = z.infer<typeof confirmDrinkTabSetupRequestSchema>;

/** `POST /api/drink-tab/:tabId/orders`: an order onto an open tab, no card needed. */
export const tabOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    tabToken: z.string().trim().min(1, 'tabToken is required').max(128),
    items: orderItems(),
    total: orderTotal(),
    tableNumber: optionalText(20, 'Table number'),
    language: orderLanguageField(),
  }),
);
export type TabOrderRequest = z.input<typeof tabOrderRequestSchema>;
export type ValidTabOrderRequest = z.output<typeof tabOrderRequestSchema>;

/** A tab as its guest sees it: the running total of the orders on it (name and orders: token holders only). */
export interface DrinkTabView {
  tabId: string;
  reference: string;
  status: DrinkTabStatus;
  customerName?: string;
  tableNumber: string | null;
  openedAt: string | null;
  orders: DrinkOrderReceipt[];
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** What the card was charged when the tab closed. */
  chargedCents: Cents | null;
  closedAt: string | null;
  /** What the tab may run up (with tax) before the bar approves more. */
  limitCents: Cents;
  /** The guest's tip choice, used when the tab closes (null: no tip). */
  tip?: Tip | null;
  /** The tip charged with the tab (set when it closed). */
  tipCents?: Cents | null;
}

/** `PUT /api/drink-tab/:tabId/tip` (header `X-Tab-Token`): the tip the tab closes with. */
export const drinkTabTipRequestSchema = /* @__PURE__ */ defineSchema(() => z.strictObject({ tip: tipSchema }));
export type DrinkTabTipRequest = z.input<typeof drinkTabTipRequestSchema>;
export type ValidDrinkTabTipRequest = z.output<typeof drinkTabTipRequestSchema>;

/** `POST /api/drink-tab/:tabId/close` (header `X-Tab-Token`): the guest's `Close my tab`; no tip given keeps the saved choice. */
export const closeDrinkTabRequestSchema = /* @__PURE__ */ defineSchema(() => z.strictObject({ tip: tipSchema.optional() }));
export type CloseDrinkTabRequest = z.input<typeof closeDrinkTabRequestSchema>;
export type ValidCloseDrinkTabRequest = z.output<typeof closeDrinkTabRequestSchema>;

/** An order in the bar's queue. */
export interface BarOrder {
  id: string;
  number: number;
  payment: 'paid' | 'tab';
  status: BarOrderStatus;
  customerName: string;
  tableNumber: string | null;
  /** The language the guest ordered in, so staff can answer them in it. */
  language: Language;
  items: { name: string; quantity: number }[];
  totalCents: Cents;
  tabReference: string | null;
  placedAt: string;
  updatedAt: string;
}

/** `PATCH /api/admin/bar/orders/:id`. */
export const updateBarOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({ status: z.enum(BAR_ORDER_STATUSES, { error: valueMessage('status must be new, ready or served') }) }),
);
export type UpdateBarOrderRequest = z.infer<typeof updateBarOrderRequestSchema>;

/** A tab as staff see it. */
export interface StaffDrinkTab {
  id: string;
  reference: string;
  status: DrinkTabStatus;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  tableNumber: string | null;
  orderCount: number;
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  openedAt: string | null;
  /** The card's last refusal (the tab stays open), until a charge succeeds. */
  lastChargeError: string | null;
  lastChargeAttemptAt: string | null;
  chargedCents: Cents | null;
  closedAt: string | null;
  /** Who closed it: staff, the automatic end-of-party close, or settled at the bar. */
  closedBy: 'staff' | 'auto' | 'bar' | 'guest' | null;
  /** What the tab may run up (with tax); `Approve more` on the bar screen raises it. */
  limitCents: Cents;
  /** The tip charged with the tab (null until it closed with one). */
  tipCents?: Cents | null;
  /** Opened with the card kept from a ticket purchase (the bar's `From ticket` tag). */
  fromTicket?: boolean;
}

/** `PATCH /api/admin/drinks/:id`: set how many are left (0 = out of stock). */
export const updateDrinkStockRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    available: z
      .number()
      .int('available must be a whole number')
      .min(0, 'available cannot be negative')
      .max(100_000, 'available cannot exceed 100000'),
  }),
);
export type UpdateDrinkStockRequest = z.infer<typeof updateDrinkStockRequestSchema>;
