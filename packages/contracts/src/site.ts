import './zod-setup.js';
import { z } from 'zod';
import { TAX_RATE_BASIS_POINTS } from './money.js';
import { GROUP_DISCOUNT_TIERS } from './party.js';

const defineSchema = <T>(build: () => T): T => build();

const cents = /* @__PURE__ */ defineSchema(() => z.number().int().nonnegative());

/**
 * Everything about the restaurant and this year's festival that a page shows: served by
 * `GET /api/site`, stored in the database, so next year's festival needs no code change.
 */
export const siteConfigSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    restaurant: z.object({
      name: z.string().min(1),
      tagline: z.string(),
      since: z.number().int(),
      address: z.object({
        street: z.string(),
        city: z.string(),
        region: z.string(),
        postalCode: z.string(),
        country: z.string(),
      }),
      phone: z.string().min(1),
      email: z.email(),
      openingHours: z.array(z.object({ days: z.string(), hours: z.string() })),
    }),
    feastPacks: z.object({
      ordersOpen: z.boolean(),
      pickupDates: z.string(),
      pickupHours: z.string(),
    }),
    party: z.object({
      name: z.string(),
      /** Local date and time of the venue, ISO 8601 with offset. */
      startsAt: z.string(),
      endsAt: z.string(),
      timeZone: z.string(),
      dateLabel: z.string(),
      timeLabel: z.string(),
      venue: z.object({ name: z.string(), shortName: z.string(), address: z.string() }),
      experience: z.string(),
      adultPriceCents: cents,
      childPriceCents: cents,
      adultAges: z.string(),
      childAges: z.string(),
      freeUnder: z.string(),
      /**
       * The Tickets settings' child ages, of which the three labels above are the English words
       * (ticketAgeLabels); a page in another language words them from these. `GET /api/site`
       * always has them, an older stored row need not.
       */
      childMinAge: z.number().int().optional(),
      childMaxAge: z.number().int().optional(),
      /**
       * The Tickets settings' group discount tiers and tax rate (docs/settings.md), so the page's
       * price is the API's; `GET /api/site` always has them, an older stored row need not.
       */
      groupDiscountTiers: z.array(z.object({ minTickets: z.number().int(), percent: z.number().int() })).optional(),
      taxRateBasisPoints: z.number().int().optional(),
      /** The Tickets settings' sale window (ISO 8601, null: no limit); the page says when it is closed. */
      saleOpensAt: z.string().nullable().optional(),
      saleClosesAt: z.string().nullable().optional(),
      /**
       * The season sells more than adult and child tickets at the Tickets prices (another type,
       * an early-bird price, a type's own capacity or sale window, a hidden type): the party page
       * then lists `GET /api/party-ticket-types` (docs/ticket-types.md). Absent otherwise.
       */
      sellsTicketTypes: z.boolean().optional(),
      /** The Meals settings (docs/meals.md), only while the season has meal options. */
      meals: z.object({ options: z.array(z.string()), allergens: z.array(z.string()), choicesCloseAt: z.string().nullable() }).optional(),
    }),
  }),
);
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The fictional defaults seeded into a new database. */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  restaurant: {
    name: 'Saffron Leaf',
    tagline: 'South Indian Kitchen',
    since: 1995,
    address: {
      street: '1480 Lakeview Avenue',
      city: 'San Jose',
      region: 'CA',
      postalCode: '95131',
      country: 'US',
    },
    phone: '(408) 555-0142',
    email: 'hello@saffronleaf.example',
    openingHours: [
      { days: 'Monday-Friday', hours: '11 AM - 10 PM' },
      { days: 'Saturday-Sunday', hours: '10 AM - 11 PM' },
    ],
  },
  feastPacks: {
    ordersOpen: false,
    pickupDates: 'October 18-19',
    pickupHours: '11 AM to 3 PM',
  },
  party: {
    name: 'Diwali DJ Night',
    startsAt: '2025-10-24T19:00:00-07:00',
    endsAt: '2025-10-24T23:00:00-07:00',
    timeZone: 'America/Los_Angeles',
    dateLabel: 'Friday, October 24, 2025',
    timeLabel: '7:00 PM to 11:00 PM',
    venue: {
      name: 'Milpitas ICC Community Hall',
      shortName: 'Milpitas ICC',
      address: '525 Los Coches Street, Milpitas, CA 95035',
    },
    experience: 'A live DJ and a 4-course South Indian meal',
    adultPriceCents: 4999,
    childPriceCents: 2999,
    adultAges: 'Ages 10 and over',
    childAges: 'Ages 5 to 9',
    freeUnder: 'Under 5 free',
    childMinAge: 5,
    childMaxAge: 9,
    groupDiscountTiers: GROUP_DISCOUNT_TIERS.map((tier) => ({ ...tier })),
    taxRateBasisPoints: TAX_RATE_BASIS_POINTS,
    saleOpensAt: null,
    saleClosesAt: null,
  },
};
