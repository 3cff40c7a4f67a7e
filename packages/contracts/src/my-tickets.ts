import './zod-setup.js';
import { z } from 'zod';
import type { GuestMeal } from './meals.js';

const defineSchema = <T>(build: () => T): T => build();

/** The answer to every link request, whether or not the address has tickets. */
export const MY_TICKETS_LINK_ANSWER = "If we have tickets for that address, we've e-mailed you a link";
/** The answer to a sign-in link that expired or was already used. */
export const MY_TICKETS_LINK_USED = 'This link has expired or was already used. Ask for a new one below.';

/** `POST /api/my-tickets/link`: the address to e-mail a sign-in link to (the party contact's e-mail rule). */
export const myTicketsLinkRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    email: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
  }),
);
export type MyTicketsLinkRequest = z.infer<typeof myTicketsLinkRequestSchema>;

// POST /api/my-tickets/link { email } → 202 { message: MY_TICKETS_LINK_ANSWER } (always; throttled per address and per e-mail: 429 with the usual message)
// POST /api/my-tickets/session { token } → 200 MyTickets + httpOnly cookie `guest_session` (SameSite=Lax, Secure in production, 12 h) | 410 { message: MY_TICKETS_LINK_USED }
// GET /api/my-tickets → 200 MyTickets | 401 { message: 'Sign in with the link we e-mailed you' }
// POST /api/my-tickets/sign-out → 204 (clears the cookie and ends the session server-side)
// POST /api/my-tickets/orders/:orderId/resend → 202 { message: 'We've sent your tickets again' }
// PUT /api/my-tickets/orders/:orderId/guests/:seat (GuestMealChange) → GuestMeal[] (409 after meals close)
// GET /api/my-tickets/orders/:orderId/tickets.pdf → application/pdf, one page per ticket
// GET /api/my-tickets/orders/:orderId/wallet.pkpass → application/vnd.apple.pkpass (404 when no pass certificate)

/** One paid or refunded party order of the signed-in address. */
export interface MyTicketsOrder {
  orderId: string;
  reference: string;
  status: 'paid' | 'refunded';
  createdAt: string;
  totalCents: number;
  /** One entry per ticket kind: `{ label: '2 × Adult', seats: 2 }`. */
  tickets: { label: string; seats: number }[];
  /** The order's door code, what its QR code encodes. */
  doorCode: string;
  /** The QR code as inline SVG markup, made by the server. */
  qrSvg: string;
  /** Meal rows, may be empty. */
  guests: GuestMeal[];
  /** The card kept for drinks; null until that lands. */
  keptCard: { brand: string; last4: string } | null;
}

/** `GET /api/my-tickets`: the signed-in address's tickets and drinks in the season on sale. */
export interface MyTickets {
  email: string;
  event: { name: string; startsAt: string; endsAt: string; venue: string };
  /** null: the season asks no meals. */
  meals: { options: string[]; allergens: string[]; open: boolean } | null;
  /** A pass certificate is configured. */
  walletPasses: boolean;
  /** Paid or refunded orders of that e-mail in the season on sale, newest first. */
  orders: MyTicketsOrder[];
  drinks: {
    tabs: { tabId: string; reference: string; status: string; totalCents: number; openedAt: string }[];
    orders: { orderId: string; number: number | null; status: string; totalCents: number; createdAt: string }[];
  };
}
