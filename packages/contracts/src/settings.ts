import './zod-setup.js';
import { TZDate, tzOffset } from '@date-fns/tz';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { TAX_RATE_BASIS_POINTS } from './money.js';
import { GROUP_DISCOUNT_TIERS, MAX_TICKETS_PER_ORDER, TICKET_HOLD_MINUTES } from './party.js';

const defineSchema = <T>(build: () => T): T => build();

/** The highest ticket price the settings accept: $10,000. */
export const MAX_TICKET_PRICE_CENTS = 1_000_000;
/** The most tickets a party can have for sale. */
export const MAX_TICKET_CAPACITY = 100_000;
/** Hold times the settings accept (as `TICKET_HOLD_SECONDS` does): 5 seconds to a day. */
export const MIN_HOLD_SECONDS = 5;
export const MAX_HOLD_SECONDS = 24 * 60 * 60;
/** `Waitlist offer hours` the settings accept: hundredths of an hour (36 seconds) to a week. */
export const MIN_WAITLIST_OFFER_HOURS = 0.01;
export const MAX_WAITLIST_OFFER_HOURS = 168;
export const DEFAULT_WAITLIST_OFFER_HOURS = 24;
/** Group discount tiers one event may have. */
export const MAX_GROUP_DISCOUNT_TIERS = 10;

const wholeNumber = (label: string, min: number, max: number, tooHigh: string, tooLow?: string) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(min, tooLow ?? (min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`))
    .max(max, tooHigh);

const price = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_TICKET_PRICE_CENTS, `${label} cannot be more than $10,000`);

const saleTime = (label: string) =>
  z.iso.datetime({ offset: true, error: valueMessage(`${label} must be a date and time such as 2026-09-01T10:00:00-07:00`) }).nullable();

const waitlistOfferHours = () =>
  z
    .number()
    .min(MIN_WAITLIST_OFFER_HOURS, `Waitlist offer hours must be at least ${MIN_WAITLIST_OFFER_HOURS}`)
    .max(MAX_WAITLIST_OFFER_HOURS, `Waitlist offer hours cannot be more than ${MAX_WAITLIST_OFFER_HOURS} (a week)`)
    .refine((hours) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-9, 'Waitlist offer hours can have at most two decimals');

const groupDiscountTierSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    minTickets: wholeNumber(
      'Tickets for a group discount',
      2,
      MAX_TICKETS_PER_ORDER,
      `Tickets for a group discount cannot be more than ${MAX_TICKETS_PER_ORDER}, the most one order can hold`,
    ),
    percent: wholeNumber('Group discount', 1, 100, 'Group discount cannot be more than 100%'),
  }),
);
export type GroupDiscountTier = z.infer<typeof groupDiscountTierSchema>;

/**
 * The `Tickets` section of the settings (docs/settings.md): what the party's tickets cost, how many
 * there are and when they are on sale. Money in integer cents, the tax rate in basis points
 * (938 = 9.38 %), the hold time in seconds, the sale window as ISO 8601 date-times with an offset
 * (null: no limit).
 */
export const ticketSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      adultPriceCents: price('Adult price'),
      childPriceCents: price('Child price'),
      childMinAge: wholeNumber('Youngest child age', 1, 17, 'Youngest child age cannot be more than 17'),
      childMaxAge: wholeNumber('Oldest child age', 1, 17, 'Oldest child age cannot be more than 17'),
      capacity: wholeNumber(
        'Capacity',
        0,
        MAX_TICKET_CAPACITY,
        `Capacity cannot be more than ${MAX_TICKET_CAPACITY.toLocaleString('en-US')}`,
      ),
      saleOpensAt: saleTime('Sale opens'),
      saleClosesAt: saleTime('Sale closes'),
      groupDiscountTiers: z
        .array(groupDiscountTierSchema)
        .max(MAX_GROUP_DISCOUNT_TIERS, `At most ${MAX_GROUP_DISCOUNT_TIERS} group discount tiers`),
      taxRateBasisPoints: wholeNumber('Tax rate', 0, 10_000, 'Tax rate cannot be more than 100%'),
      holdSeconds: wholeNumber(
        'Hold time',
        MIN_HOLD_SECONDS,
        MAX_HOLD_SECONDS,
        'Hold time cannot be more than a day (86400 seconds)',
        `Hold time must be at least ${MIN_HOLD_SECONDS} seconds`,
      ),
      /** How long a waitlist offer holds its tickets (docs/waitlist.md); rows saved before it read 24. */
      waitlistOfferHours: waitlistOfferHours().default(DEFAULT_WAITLIST_OFFER_HOURS),
    })
    .superRefine((value, ctx) => {
      if (value.childMinAge > value.childMaxAge) {
        ctx.addIssue({ code: 'custom', message: 'Youngest child age cannot be above the oldest', path: ['childMinAge'] });
      }
      if (value.saleOpensAt && value.saleClosesAt && Date.parse(value.saleClosesAt) <= Date.parse(value.saleOpensAt)) {
        ctx.addIssue({ code: 'custom', message: 'Ticket sales cannot close before they open', path: ['saleClosesAt'] });
      }
      const seen = new Set<number>();
      value.groupDiscountTiers.forEach((tier, index) => {
        if (seen.has(tier.minTickets)) {
          ctx.addIssue({
            code: 'custom',
            message: `Two group discount tiers start at ${tier.minTickets} tickets`,
            path: ['groupDiscountTiers', index, 'minTickets'],
          });
        }
        seen.add(tier.minTickets);
      });
    }),
);
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

/** The `Tickets` section of a new database, but for what the environment fills in (docs/settings.md). */
export const DEFAULT_TICKET_SETTINGS: TicketSettings = {
  adultPriceCents: 4999,
  childPriceCents: 2999,
  childMinAge: 5,
  childMaxAge: 9,
  capacity: 200,
  saleOpensAt: null,
  saleClosesAt: null,
  groupDiscountTiers: GROUP_DISCOUNT_TIERS.map((tier) => ({ ...tier })),
  taxRateBasisPoints: TAX_RATE_BASIS_POINTS,
  holdSeconds: TICKET_HOLD_MINUTES * 60,
  waitlistOfferHours: DEFAULT_WAITLIST_OFFER_HOURS,
};

/** The age labels the guest pages show for a child age range (5 to 9: docs/product.md's texts). */
export function ticketAgeLabels(tickets: Pick<TicketSettings, 'childMinAge' | 'childMaxAge'>): {
  adultAges: string;
  childAges: string;
  freeUnder: string;
} {
  return {
    adultAges: `Ages ${tickets.childMaxAge + 1} and over`,
    childAges:
      tickets.childMinAge === tickets.childMaxAge ? `Age ${tickets.childMinAge}` : `Ages ${tickets.childMinAge} to ${tickets.childMaxAge}`,
    freeUnder: `Under ${tickets.childMinAge} free`,
  };
}

/**
 * A sale date as the guest pages and the API say it: `Tuesday, September 1, 2026 at 10:00 AM` in
 * the event's time zone; in Hindi or Tamil pages, as `Intl` says it for their locale (`hi-IN`).
 */
export function formatSaleDate(iso: string, timeZone: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** `+05:30` for minutes ahead of UTC. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The date and time on the wall in the zone of `at` (`2026-11-01T23:59`, with seconds when asked). */
function wallText(at: TZDate, seconds = false): string {
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${date}T${pad(at.getHours())}:${pad(at.getMinutes())}${seconds ? `:${pad(at.getSeconds())}` : ''}`;
}

/**
 * A wall-clock time in `timeZone` (a `datetime-local` field's `2026-11-01T23:59`) as ISO 8601
 * with that zone's offset then (`2026-11-01T23:59:00-08:00`), as the settings routes take it;
 * null for anything else. A time the clocks skip (2:30 on the morning they go forward) is the
 * same moment an hour later on the new time; a time that happens twice is the first of the two.
 */
export function zonedWallTimeToIso(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // No 30 February, no 25 o'clock.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const at = new TZDate(year, month - 1, day, hour, minute, second, 0, timeZone);
  if (Number.isNaN(at.getTime())) return null;
  return `${wallText(at, true)}${offsetText(tzOffset(timeZone, at))}`;
}

/** The wall-clock time in `timeZone` of an ISO 8601 instant, as a `datetime-local` field shows it (`2026-11-01T23:59`). */
export function isoToZonedWallTime(iso: string, timeZone: string): string {
  return wallText(new TZDate(Date.parse(iso), timeZone));
}

/**
 * The hour of the wall clock in `timeZone` that `at` falls in: its day, its hour, its first
 * instant and the zone's offset then (minutes ahead of UTC). On the night the clocks go back
 * the same hour comes twice, with two offsets; on the night they go forward one never comes.
 */
export function zonedHourOf(at: Date, timeZone: string): { day: string; hour: string; startsAt: number; offsetMinutes: number } {
  const zoned = new TZDate(at.getTime(), timeZone);
  const wall = wallText(zoned);
  const offsetMinutes = tzOffset(timeZone, zoned);
  const startsAt = at.getTime() - ((zoned.getMinutes() * 60 + zoned.getSeconds()) * 1000 + zoned.getMilliseconds());
  return { day: wall.slice(0, 10), hour: wall.slice(11, 13), startsAt, offsetMinutes };
}

/** `UTC-7`, `UTC+5:30`: how an hour that comes twice is told apart. */
export function utcOffsetLabel(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  return `UTC${offsetMinutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/** Why tickets cannot be bought: the sales have not opened yet, or have ended. */
export type SaleWindowState = 'not-open' | 'ended';

/**
 * Where `now` stands against the ticket sales' window: before it opens, after it closed, or null
 * inside it (`saleOpensAt` inclusive, `saleClosesAt` exclusive).
 */
export function saleWindowState(tickets: Pick<TicketSettings, 'saleOpensAt' | 'saleClosesAt'>, now: Date): SaleWindowState | null {
  if (tickets.saleOpensAt && now.getTime() < Date.parse(tickets.saleOpensAt)) return 'not-open';
  if (tickets.saleClosesAt && now.getTime() >= Date.parse(tickets.saleClosesAt)) return 'ended';
  return null;
}

/**
 * The party page's line about group discounts: `Groups of 10 or more save 3%, groups of 20 or
 * more save 5%.` (the group discount of docs/product.md section 9, from the default tiers), or null
 * without tiers.
 */
export function groupDiscountHint(tiers: readonly GroupDiscountTier[]): string | null {
  if (tiers.length === 0) return null;
  const parts = [...tiers]
    .sort((a, b) => a.minTickets - b.minTickets)
    .map((tier, index) => `${index === 0 ? 'Groups' : 'groups'} of ${tier.minTickets} or more save ${tier.percent}%`);
  return `${parts.join(', ')}.`;
}

const text = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `${label} cannot be empty` : `${label} must be at least ${min} characters`)
    .max(max, `${label} cannot be longer than ${max} characters`);

/** The `Restaurant` section: what every page says about the restaurant itself. */
export const restaurantSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    name: text('Name', 1, 80),
    tagline: text('Tagline', 0, 120),
    since: wholeNumber('Founding year', 1800, 2100, 'Founding year cannot be after 2100'),
    address: z.strictObject({
      street: text('Street', 1, 120),
      city: text('City', 1, 80),
      region: text('State', 1, 40),
      postalCode: text('ZIP code', 1, 20),
      country: text('Country', 2, 2).toUpperCase(),
    }),
    phone: text('Phone', 7, 30),
    email: z.email({ error: valueMessage('E-mail must be an address such as hello@restaurant.example') }),
    openingHours: z
      .array(z.strictObject({ days: text('Days', 1, 40), hours: text('Hours', 1, 40) }))
      .min(1, 'Give the opening hours at least once')
      .max(7, 'At most 7 lines of opening hours'),
  }),
);
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

/** Whether `zone` is a time zone this runtime knows (IANA, such as America/Los_Angeles). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The longest party the Event section accepts. */
export const MAX_EVENT_HOURS = 24;

/**
 * The `Event` section: the party's title, when and where it is, and the line that describes it.
 * `startsAt` and `endsAt` are ISO 8601 with the offset of `timeZone` on that date; the guest
 * pages' `dateLabel` and `timeLabel` are made from them (`eventLabels`). Open drink tabs close
 * by themselves at `endsAt` (docs/drinks.md).
 */
export const eventSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      name: text('Title', 1, 80),
      startsAt: z.iso.datetime({ offset: true, error: valueMessage('Starts must be a date and time such as 2026-10-23T19:00:00-07:00') }),
      endsAt: z.iso.datetime({ offset: true, error: valueMessage('Ends must be a date and time such as 2026-10-23T23:00:00-07:00') }),
      timeZone: z.string().refine(isTimeZone, 'Time zone must be one such as America/Los_Angeles'),
      venue: z.strictObject({
        name: text('Venue', 1, 120),
        shortName: text('Venue short name', 1, 40),
        address: text('Venue address', 1, 200),
      }),
      experience: text('Description', 1, 200),
    })
    .superRefine((value, ctx) => {
      const hours = (Date.parse(value.endsAt) - Date.parse(value.startsAt)) / 3_600_000;
      if (hours <= 0) ctx.addIssue({ code: 'custom', message: 'The party cannot end before it starts', path: ['endsAt'] });
      else if (hours > MAX_EVENT_HOURS) {
        ctx.addIssue({ code: 'custom', message: `The party cannot last more than ${MAX_EVENT_HOURS} hours`, path: ['endsAt'] });
      }
    }),
);
export type EventSettings = z.infer<typeof eventSettingsSchema>;

/** The guest pages' date and time lines: `Friday, October 24, 2025` and `7:00 PM to 11:00 PM`, in the event's zone. */
export function eventLabels({ startsAt, endsAt, timeZone }: Pick<EventSettings, 'startsAt' | 'endsAt' | 'timeZone'>): {
  dateLabel: string;
  timeLabel: string;
} {
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return {
    dateLabel: date.format(new Date(startsAt)),
    timeLabel: `${time.format(new Date(startsAt))} to ${time.format(new Date(endsAt))}`,
  };
}

/** `GET /api/admin/settings`: every section the manager can change. */
export interface AdminSettings {
  restaurant: RestaurantSettings;
  event: EventSettings;
  tickets: TicketSettings;
  /** Tickets paid or held now: the capacity cannot go below it. */
  ticketsSoldOrHeld: number;
  /** The party's time zone (IANA): the sale window is typed and shown in it. */
  timeZone: string;
}
