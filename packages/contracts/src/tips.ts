import './zod-setup.js';
import { z } from 'zod';
import { formatCents, percentOfCents, type Cents } from './money.js';

/** Builds a schema in a call marked pure, so the guests' bundle that only needs `tipCentsOf` leaves zod out. */
const defineSchema = <T>(build: () => T): T => build();

/** The tip percents the guest can pick; `Custom` is an amount in cents. */
export const TIP_PERCENTS = [0, 10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** A tip: a percent of the drinks' subtotal before tax, or an amount. Absent means no tip. */
export type Tip = { percent: TipPercent } | { cents: Cents };

/** The most a custom tip may be in any case (the subtotal caps it first). */
export const MAX_TIP_CENTS = 100_000;

export const TIP_PERCENT_MESSAGE = 'A tip is 0, 10, 15 or 20 percent, or an amount';

/** `tip` of a pay-now order, a tab's tip choice and a guest's `Close my tab`. */
export const tipSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      percent: z
        .number()
        .refine((p) => (TIP_PERCENTS as readonly number[]).includes(p), TIP_PERCENT_MESSAGE)
        .optional(),
      cents: z
        .number()
        .int('A custom tip must be whole cents')
        .min(0, 'A tip cannot be negative')
        .max(MAX_TIP_CENTS, `A tip cannot be more than ${formatCents(MAX_TIP_CENTS)}`)
        .optional(),
    })
    .refine((t) => (t.percent === undefined) !== (t.cents === undefined), 'Choose a tip percent or an amount, not both')
    .transform((t): Tip => (t.cents !== undefined ? { cents: t.cents } : { percent: t.percent as TipPercent })),
);
export type TipInput = z.input<typeof tipSchema>;

/** The words of a tip above the drinks' subtotal (the API answers it as `tip: …`). */
export function tipTooLargeMessage(subtotalCents: Cents): string {
  return `A tip cannot be more than the drinks' subtotal (${formatCents(subtotalCents)})`;
}

/**
 * The tip in cents on a subtotal before tax: a percent of it, rounded half up to the cent
 * (`percentOfCents`), or the custom amount. A tip is never taxed. No tip: 0.
 */
export function tipCentsOf(subtotalCents: Cents, tip: Tip | null | undefined): Cents {
  if (!tip) return 0;
  if ('cents' in tip) return tip.cents;
  return percentOfCents(subtotalCents, tip.percent * 100);
}

/** Whether a tip is allowed on this subtotal: never more than the subtotal itself (100 %). */
export function tipFits(subtotalCents: Cents, tip: Tip | null | undefined): boolean {
  return tipCentsOf(subtotalCents, tip) <= subtotalCents;
}

/** How the guest's choice is named on a receipt and in the staff's details: `15%`, `Custom`, `No tip`. */
export function tipLabel(tip: Tip | null | undefined): string {
  if (!tip || ('percent' in tip && tip.percent === 0)) return 'No tip';
  return 'cents' in tip ? 'Custom' : `${tip.percent}%`;
}

/** `POST /api/admin/drink-orders/:orderId/resend-receipt` and `…/drink-tabs/:tabId/resend-receipt`: 202. */
export interface ReceiptResent {
  message: string;
}
