import './zod-setup.js';
import { z } from 'zod';

const defineSchema = <T>(build: () => T): T => build();

/** The version of the export document's format (docs/privacy.md, "One guest's data"). */
export const GUEST_EXPORT_VERSION = 1;

/** The word the staff type to confirm an erasure (or the guest's e-mail address itself). */
export const GUEST_ERASE_WORD = 'ERASE';

/** What `Erase` answers while the guest still owes or holds something. */
export const GUEST_ERASE_REFUSALS = {
  hold: 'This guest has an unpaid order still holding tickets or packs. Erase them once it is paid or its hold has run out.',
  tab: 'This guest has an open drinks tab. Erase them once the tab is closed.',
} as const;

/** `Keep guest data for` (months) the settings accept. */
export const MIN_KEEP_GUEST_DATA_MONTHS = 1;
export const MAX_KEEP_GUEST_DATA_MONTHS = 120;
export const DEFAULT_KEEP_GUEST_DATA_MONTHS = 24;

/** The `Guest data` section of the settings (docs/settings.md). */
export const guestDataSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    keepGuestDataMonths: z
      .number()
      .int('Keep guest data for must be a whole number of months')
      .min(MIN_KEEP_GUEST_DATA_MONTHS, `Keep guest data for must be at least ${MIN_KEEP_GUEST_DATA_MONTHS} month`)
      .max(MAX_KEEP_GUEST_DATA_MONTHS, `Keep guest data for cannot be more than ${MAX_KEEP_GUEST_DATA_MONTHS} months`),
  }),
);
export type GuestDataSettings = z.infer<typeof guestDataSettingsSchema>;
export const DEFAULT_GUEST_DATA_SETTINGS: GuestDataSettings = { keepGuestDataMonths: DEFAULT_KEEP_GUEST_DATA_MONTHS };

/** `GET /api/admin/guests?q=`: an e-mail or phone, whole or in part. */
export const guestSearchQuerySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    q: z.string().trim().min(3, 'Type at least 3 characters of an e-mail or phone').max(254, 'The search is too long'),
  }),
);
export type GuestSearchQuery = z.infer<typeof guestSearchQuerySchema>;

/** One guest found: everything is gathered by their (lower-cased) e-mail address. */
export const guestSummarySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    email: z.string(),
    names: z.array(z.string()),
    phones: z.array(z.string()),
    records: z.number().int(),
    lastSeenAt: z.string().nullable(),
  }),
);
export type GuestSummary = z.infer<typeof guestSummarySchema>;

/** `?email=`: the guest's page, export and erasure name the guest by address. */
export const guestEmailQuerySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ email: z.string().trim().min(3, 'Which guest? Give their e-mail address').max(254, 'The address is too long') }),
);

/** `POST /api/admin/guests/erase`. */
export const guestEraseRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    email: z.string().trim().min(3, 'Which guest? Give their e-mail address').max(254, 'The address is too long'),
    confirmation: z.string().trim().min(1, `Type ${GUEST_ERASE_WORD} or the guest's e-mail address to confirm`).max(254),
  }),
);
export type GuestEraseRequest = z.infer<typeof guestEraseRequestSchema>;

/** Whether the typed confirmation confirms erasing `email`: the word, or the address itself. */
export function confirmsErasure(email: string, confirmation: string): boolean {
  const typed = confirmation.trim();
  return typed === GUEST_ERASE_WORD || typed.toLowerCase() === email.trim().toLowerCase();
}

export const guestEraseResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ pseudonym: z.string(), rowsChanged: z.number().int(), eventsDeleted: z.number().int(), filesDeleted: z.number().int() }),
);
export type GuestEraseResponse = z.infer<typeof guestEraseResponseSchema>;

const money = () => z.number().int();
const when = () => z.string().nullable();

/**
 * Everything the platform holds about one guest (`GET /api/admin/guests/data?email=`, and the
 * `Export` download): machine-readable, versioned by `version` (docs/privacy.md).
 */
export const guestDataSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    version: z.literal(GUEST_EXPORT_VERSION),
    exportedAt: z.string(),
    email: z.string(),
    suppression: z.enum(['unsubscribed', 'bounced', 'erased']).nullable(),
    partyOrders: z.array(
      z.object({
        id: z.string(),
        seasonId: z.number().int(),
        status: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        adultTickets: z.number().int(),
        childTickets: z.number().int(),
        totalCents: money(),
        refundedCents: money(),
        createdAt: when(),
        paidAt: when(),
        tickets: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitPriceCents: money() })),
        guests: z.array(
          z.object({
            seat: z.number().int(),
            name: z.string().nullable(),
            meal: z.string(),
            allergens: z.array(z.string()),
            note: z.string().nullable(),
          }),
        ),
      }),
    ),
    feastOrders: z.array(
      z.object({
        id: z.string(),
        seasonId: z.number().int(),
        status: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        pickupDate: z.string(),
        pickupTime: z.string(),
        packCount: z.number().int(),
        totalCents: money(),
        refundedCents: money(),
        createdAt: when(),
        paidAt: when(),
      }),
    ),
    drinkOrders: z.array(
      z.object({
        id: z.string(),
        seasonId: z.number().int(),
        status: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        tabId: z.string().nullable(),
        totalCents: money(),
        tipCents: money(),
        refundedCents: money(),
        createdAt: when(),
      }),
    ),
    drinkTabs: z.array(
      z.object({
        id: z.string(),
        seasonId: z.number().int(),
        status: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        chargedCents: money().nullable(),
        refundedCents: money(),
        openedAt: when(),
        closedAt: when(),
      }),
    ),
    waitlistEntries: z.array(
      z.object({
        id: z.string(),
        seasonId: z.number().int(),
        name: z.string(),
        email: z.string(),
        tickets: z.number().int(),
        status: z.string(),
        joinedAt: when(),
      }),
    ),
    consentRecords: z.array(
      z.object({
        agreed: z.boolean(),
        page: z.string(),
        policyVersion: z.string(),
        seasonId: z.string().nullable(),
        subjectId: z.string().nullable(),
        createdAt: when(),
      }),
    ),
    campaignSends: z.array(z.object({ campaign: z.string(), status: z.string(), sentAt: when() })),
    keptCards: z.array(
      z.object({ orderId: z.string(), brand: z.string().nullable(), last4: z.string().nullable(), createdAt: when(), forgottenAt: when() }),
    ),
    signInLinks: z.array(z.object({ createdAt: when(), expiresAt: when(), usedAt: when() })),
    signInSessions: z.array(z.object({ createdAt: when(), expiresAt: when() })),
    analyticsEvents: z.array(
      z.object({
        eventType: z.string(),
        createdAt: when(),
        entityId: z.string().nullable(),
        geoCountry: z.string().nullable(),
        geoCity: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
  }),
);
export type GuestData = z.infer<typeof guestDataSchema>;
