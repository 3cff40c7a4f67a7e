import './zod-setup.js';
import { z } from 'zod';
import { orderLanguageField } from './language-field.js';
import type { GuestMeal } from './meals.js';

const defineSchema = <T>(build: () => T): T => build();

/** `POST /api/my-tickets/link`'s one answer, for an address with tickets and one without alike. */
export const MY_TICKETS_LINK_ANSWER = "If we have tickets for that address, we've e-mailed you a link";
/** `POST /api/my-tickets/session`'s 410: the link was used, or is older than its 30 minutes. */
export const MY_TICKETS_LINK_USED = 'This link has expired or was already used. Ask for a new one below.';
/** `GET /api/my-tickets` (and the other routes) without a live session: 401. */
export const MY_TICKETS_SIGN_IN = 'Sign in with the link we e-mailed you';
/** `POST /api/my-tickets/orders/:orderId/resend`'s 202. */
export const MY_TICKETS_RESENT = "We've sent your tickets again";
/** The session cookie the link sign-in sets (httpOnly, SameSite=Lax, 12 hours). */
export const MY_TICKETS_COOKIE = 'guest_session';
/** How long a sign-in link works, and how long a session lasts. */
export const MY_TICKETS_LINK_MINUTES = 30;
export const MY_TICKETS_SESSION_HOURS = 12;

/** `POST /api/my-tickets/link`: the e-mail the party's contact step asked (the same rule). */
export const myTicketsLinkRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    email: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
    /** The language of the page the link was asked on (docs/languages.md): its e-mail is in it; English unless told. */
    language: orderLanguageField(),
  }),
);
export type MyTicketsLinkRequest = z.infer<typeof myTicketsLinkRequestSchema>;

/** `POST /api/my-tickets/session`: the token of the e-mailed link (`/my-tickets?link=<token>`). */
export const myTicketsSessionRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    token: z.string().trim().min(1, 'token is required').max(200, 'token is too long'),
  }),
);
export type MyTicketsSessionRequest = z.infer<typeof myTicketsSessionRequestSchema>;

export interface MyTicketsMessage {
  message: string;
}

// POST /api/my-tickets/link { email } → 202 { message: MY_TICKETS_LINK_ANSWER } (always; throttled per address and per e-mail: 429)
// POST /api/my-tickets/session { token } → 200 MyTickets + httpOnly cookie `guest_session` | 410 { message: MY_TICKETS_LINK_USED }
// GET /api/my-tickets → 200 MyTickets | 401 { message: MY_TICKETS_SIGN_IN }
// POST /api/my-tickets/sign-out → 204 (clears the cookie and ends the session server-side)
// POST /api/my-tickets/orders/:orderId/resend → 202 { message: MY_TICKETS_RESENT }
// POST /api/my-tickets/orders/:orderId/forget-card → 204 (the card kept for drinks detached at the gateway)
// PUT /api/my-tickets/orders/:orderId/guests/:seat (GuestMealChange) → GuestMeal[] (409 after meals close)
// GET /api/my-tickets/orders/:orderId/tickets.pdf → application/pdf, one page per ticket
// GET /api/my-tickets/orders/:orderId/wallet.pkpass → application/vnd.apple.pkpass (404 when no pass certificate)

export interface MyTicketsOrder {
  orderId: string;
  reference: string;
  status: 'paid' | 'refunded';
  createdAt: string;
  totalCents: number;
  /** One entry per ticket kind still valid: `{ label: '2 × Adult', seats: 2 }`. */
  tickets: { label: string; seats: number }[];
  /** The order's door code (what its QR encodes). */
  doorCode: string;
  /** The QR as inline SVG markup, so the page needs no QR code library. */
  qrSvg: string;
  /** Meal rows, may be empty. */
  guests: GuestMeal[];
  /** The card kept with the order for drinks at the party (docs/guest-account.md), null when none or forgotten. */
  keptCard: { brand: string; last4: string } | null;
}

export interface MyTickets {
  email: string;
  event: { name: string; startsAt: string; endsAt: string; venue: string };
  /** null: the season asks no meals. */
  meals: { options: string[]; allergens: string[]; open: boolean } | null;
  /** A pass certificate is configured. */
  walletPasses: boolean;
  /** Paid or refunded orders of that e-mail in the season on sale, newest first. */
  orders: MyTicketsOrder[];
  /** The drinks tabs and pay-now orders given this address in the season: a tab's total is what it charged once closed. */
  drinks: {
    tabs: { tabId: string; reference: string; status: string; totalCents: number; openedAt: string }[];
    orders: { orderId: string; number: number | null; status: string; totalCents: number; createdAt: string }[];
  };
}
