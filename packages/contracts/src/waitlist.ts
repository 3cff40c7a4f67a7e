import './zod-setup.js';
import { z } from 'zod';
import { orderLanguageField } from './language-field.js';

const defineSchema = <T>(build: () => T): T => build();

/** The most tickets one waitlist entry may want. */
export const WAITLIST_MAX_TICKETS = 10;

/** The join form's messages, the same in the browser's check and the API's. */
export const WAITLIST_JOIN_MESSAGES = {
  nameRequired: 'Name is required',
  email: 'Invalid email address',
  ticketsWhole: 'Tickets wanted must be a whole number',
  ticketsMin: 'Tickets wanted must be at least 1',
  ticketsMax: `Tickets wanted cannot be more than ${WAITLIST_MAX_TICKETS}`,
} as const;

/** What a guest who found the party sold out sends (`POST /api/party-waitlist`, docs/waitlist.md). */
export const waitlistJoinRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    name: z.string().trim().min(1, WAITLIST_JOIN_MESSAGES.nameRequired).max(160, 'Name is too long'),
    email: z.string().trim().max(254, WAITLIST_JOIN_MESSAGES.email).pipe(z.email(WAITLIST_JOIN_MESSAGES.email)),
    tickets: z
      .number()
      .int(WAITLIST_JOIN_MESSAGES.ticketsWhole)
      .min(1, WAITLIST_JOIN_MESSAGES.ticketsMin)
      .max(WAITLIST_MAX_TICKETS, WAITLIST_JOIN_MESSAGES.ticketsMax),
    /** The unticked `Send me news about the restaurant's events` box, when ticked (docs/privacy.md). */
    newsConsent: z.boolean().optional(),
    /** The language of the page the guest joined on (docs/languages.md): the offer's e-mail is in it; English unless told. */
    language: orderLanguageField(),
  }),
);
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequestSchema>;

/** The entry's place in line: 1 is next. */
export interface WaitlistJoinResponse {
  position: number;
}

/** What the guest's offer link opens (`GET /api/party-waitlist/offers/:token`). */
export interface WaitlistOffer {
  /** The tickets held for this guest: adults and children together, at most this many. */
  tickets: number;
  /** Until when (ISO 8601). */
  expiresAt: string;
  /** The name the guest joined with, to fill in the contact step. */
  name: string;
  email: string;
}

export const WAITLIST_STATUSES = ['waiting', 'offered', 'bought', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Each status in the staff page's words. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  bought: 'Bought',
  expired: 'Expired',
};

/** One entry of the staff page `/admin/waitlist`. */
export interface AdminWaitlistEntry {
  id: string;
  /** The place in line of a waiting or offered entry; null once bought or expired. */
  position: number | null;
  name: string;
  email: string;
  tickets: number;
  status: WaitlistStatus;
  /** A live or last offer: its tickets and end (ISO 8601). */
  offeredTickets: number | null;
  offerExpiresAt: string | null;
  joinedAt: string;
}

/** The dashboard's figure: entries still waiting (or offered and not yet bought), and their tickets. */
export interface WaitlistSummary {
  waiting: number;
  tickets: number;
}
