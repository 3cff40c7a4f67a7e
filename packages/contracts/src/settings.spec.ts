import { priceParty } from './party.js';
import { DEFAULT_SITE_CONFIG } from './site.js';
import {
  DEFAULT_TICKET_SETTINGS,
  eventLabels,
  eventSettingsSchema,
  groupDiscountHint,
  restaurantSettingsSchema,
  saleWindowState,
  isoToZonedWallTime,
  ticketAgeLabels,
  ticketSettingsSchema,
  zonedWallTimeToIso,
  type TicketSettings,
} from './settings.js';

const messagesOf = (changes: Partial<Record<keyof TicketSettings, unknown>>): string[] => {
  const result = ticketSettingsSchema.safeParse({ ...DEFAULT_TICKET_SETTINGS, ...changes });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('ticketSettingsSchema', () => {
  it('takes the defaults, a sale window in order and no tiers at all', () => {
    expect(messagesOf({})).toEqual([]);
    expect(messagesOf({ saleOpensAt: '2026-09-01T10:00:00-07:00', saleClosesAt: '2026-10-23T23:59:00-07:00' })).toEqual([]);
    expect(messagesOf({ saleOpensAt: '2026-09-01T17:00:00Z', saleClosesAt: null })).toEqual([]);
    expect(messagesOf({ groupDiscountTiers: [] })).toEqual([]);
  });

  it('refuses each impossible value with a message naming it', () => {
    expect(messagesOf({ adultPriceCents: -1 })).toEqual(['adultPriceCents: Adult price cannot be negative']);
    expect(messagesOf({ childPriceCents: 12.5 })).toEqual(['childPriceCents: Child price must be a whole number of cents']);
    expect(messagesOf({ capacity: -3 })).toEqual(['capacity: Capacity cannot be negative']);
    expect(messagesOf({ saleOpensAt: '2026-09-02T10:00:00-07:00', saleClosesAt: '2026-09-02T10:00:00-07:00' })).toEqual([
      'saleClosesAt: Ticket sales cannot close before they open',
    ]);
    expect(messagesOf({ childMinAge: 10, childMaxAge: 9 })).toEqual(['childMinAge: Youngest child age cannot be above the oldest']);
    expect(messagesOf({ holdSeconds: 86_401 })).toEqual(['holdSeconds: Hold time cannot be more than a day (86400 seconds)']);
    expect(messagesOf({ groupDiscountTiers: [{ minTickets: 1, percent: 5 }] })).toEqual([
      'groupDiscountTiers.0.minTickets: Tickets for a group discount must be at least 2',
    ]);
  });
});

describe('the Tickets settings in prices and labels', () => {
  it('the highest tier reached wins, whatever order the tiers are listed in', () => {
    const price = (groupDiscountTiers: TicketSettings['groupDiscountTiers'], adultTickets: number) =>
      priceParty({ adultTickets, childTickets: 0, adultPriceCents: 1000, childPriceCents: 0, promoPercent: 0, groupDiscountTiers })
        .groupDiscountPercent;
    const tiers = [
      { minTickets: 5, percent: 2 },
      { minTickets: 15, percent: 8 },
      { minTickets: 10, percent: 4 },
    ];
    expect([4, 5, 9, 10, 14, 15, 50].map((count) => price(tiers, count))).toEqual([0, 2, 2, 4, 4, 8, 8]);
    expect(price([], 50)).toBe(0);
  });

  it('the default settings price exactly as the constants did', () => {
    for (const [adultTickets, childTickets, promoPercent] of [
      [2, 1, 0],
      [10, 0, 0],
      [15, 6, 5],
    ] as const) {
      const before = priceParty({ adultTickets, childTickets, adultPriceCents: 4999, childPriceCents: 2999, promoPercent });
      const after = priceParty({ adultTickets, childTickets, promoPercent, ...DEFAULT_TICKET_SETTINGS });
      expect(after).toEqual(before);
    }
  });

  it('the default ages give the texts the pages always showed', () => {
    const { adultAges, childAges, freeUnder } = DEFAULT_SITE_CONFIG.party;
    expect(ticketAgeLabels(DEFAULT_TICKET_SETTINGS)).toEqual({ adultAges, childAges, freeUnder });
    expect(ticketAgeLabels({ childMinAge: 3, childMaxAge: 12 })).toEqual({
      adultAges: 'Ages 13 and over',
      childAges: 'Ages 3 to 12',
      freeUnder: 'Under 3 free',
    });
  });
});

describe('saleWindowState', () => {
  const window = { saleOpensAt: '2026-09-01T10:00:00-07:00', saleClosesAt: '2026-10-24T18:00:00-07:00' };

  it('is not-open before the window, null inside it (opening inclusive, closing exclusive), ended after it', () => {
    const state = (iso: string) => saleWindowState(window, new Date(iso));
    expect(['2026-09-01T16:59:59Z', '2026-09-01T17:00:00Z', '2026-10-25T00:59:59Z', '2026-10-25T01:00:00Z'].map(state)).toEqual([
      'not-open',
      null,
      null,
      'ended',
    ]);
  });

  it('has no limit on a side that is not set', () => {
    expect(saleWindowState({ saleOpensAt: null, saleClosesAt: null }, new Date(0))).toBeNull();
    expect(saleWindowState({ saleOpensAt: null, saleClosesAt: window.saleClosesAt }, new Date(0))).toBeNull();
  });
});

describe('groupDiscountHint', () => {
  it('says the group discount line for the default tiers, in order whatever order they are stored in', () => {
    expect(groupDiscountHint(DEFAULT_TICKET_SETTINGS.groupDiscountTiers)).toBe(
      'Groups of 10 or more save 3%, groups of 20 or more save 5%.',
    );
    expect(
      groupDiscountHint([
        { minTickets: 8, percent: 10 },
        { minTickets: 4, percent: 4 },
      ]),
    ).toBe('Groups of 4 or more save 4%, groups of 8 or more save 10%.');
  });

  it('says nothing without tiers', () => {
    expect(groupDiscountHint([])).toBeNull();
  });
});

describe('the Restaurant and Event sections', () => {
  const restaurant = (changes: object) => {
    const result = restaurantSettingsSchema.safeParse({ ...DEFAULT_SITE_CONFIG.restaurant, ...changes });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const event = (changes: object) => {
    const { name, startsAt, endsAt, timeZone, venue, experience } = DEFAULT_SITE_CONFIG.party;
    const result = eventSettingsSchema.safeParse({ name, startsAt, endsAt, timeZone, venue, experience, ...changes });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('take the defaults, and refuse each impossible value with a message naming it', () => {
    expect(restaurant({})).toEqual([]);
    expect(restaurant({ name: '  ' })).toEqual(['name: Name cannot be empty']);
    expect(restaurant({ email: 'hello' })).toEqual(['email: E-mail must be an address such as hello@restaurant.example']);
    expect(restaurant({ openingHours: [] })).toEqual(['openingHours: Give the opening hours at least once']);
    expect(event({})).toEqual([]);
    expect(event({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone: Time zone must be one such as America/Los_Angeles']);
    expect(event({ endsAt: '2025-10-24T18:00:00-07:00' })).toEqual(['endsAt: The party cannot end before it starts']);
    expect(event({ endsAt: '2025-10-26T18:00:00-07:00' })).toEqual(['endsAt: The party cannot last more than 24 hours']);
  });

  it("makes the guest pages' date and time lines in the event's zone, past midnight too", () => {
    const { startsAt, endsAt, timeZone, dateLabel, timeLabel } = DEFAULT_SITE_CONFIG.party;
    expect(eventLabels({ startsAt, endsAt, timeZone })).toEqual({ dateLabel, timeLabel });
    expect(eventLabels({ startsAt: '2026-10-24T02:00:00Z', endsAt: '2026-10-24T08:30:00Z', timeZone: 'America/Los_Angeles' })).toEqual({
      dateLabel: 'Friday, October 23, 2026',
      timeLabel: '7:00 PM to 1:30 AM',
    });
  });
});

describe('wall-clock times in the event time zone', () => {
  const LA = 'America/Los_Angeles';

  it('gives a datetime-local value the offset of its zone on that day, daylight saving or not', () => {
    expect(zonedWallTimeToIso('2026-09-01T10:00', LA)).toBe('2026-09-01T10:00:00-07:00');
    expect(zonedWallTimeToIso('2026-11-01T23:59', LA)).toBe('2026-11-01T23:59:00-08:00');
    expect(zonedWallTimeToIso('2026-11-01T00:30', LA)).toBe('2026-11-01T00:30:00-07:00');
    expect(zonedWallTimeToIso('2026-03-08T12:00', 'Asia/Kolkata')).toBe('2026-03-08T12:00:00+05:30');
    expect(zonedWallTimeToIso('2026-03-08T12:00:30', 'UTC')).toBe('2026-03-08T12:00:30+00:00');
    expect(zonedWallTimeToIso('', LA)).toBeNull();
    expect(zonedWallTimeToIso('next Tuesday', LA)).toBeNull();
  });

  it('reads a wall-clock time on the days the clocks change, and refuses a date that does not exist', () => {
    expect(zonedWallTimeToIso('2026-03-08T01:59', LA)).toBe('2026-03-08T01:59:00-08:00');
    // 2:30 is skipped that night: the same moment is 3:30 on the new time.
    expect(zonedWallTimeToIso('2026-03-08T02:30', LA)).toBe('2026-03-08T03:30:00-07:00');
    expect(zonedWallTimeToIso('2026-03-08T03:00', LA)).toBe('2026-03-08T03:00:00-07:00');
    // 1:30 comes twice when the clocks go back: the first one.
    expect(zonedWallTimeToIso('2026-11-01T01:30', LA)).toBe('2026-11-01T01:30:00-07:00');
    expect(isoToZonedWallTime('2026-11-01T08:30:00Z', LA)).toBe('2026-11-01T01:30');
    expect(isoToZonedWallTime('2026-11-01T09:30:00Z', LA)).toBe('2026-11-01T01:30');
    expect(zonedWallTimeToIso('2026-02-30T10:00', LA)).toBeNull();
    expect(zonedWallTimeToIso('2026-02-01T24:00', LA)).toBeNull();
  });

  it('shows an instant as the wall-clock time of the zone, and back', () => {
    expect(isoToZonedWallTime('2026-11-02T07:59:00.000Z', LA)).toBe('2026-11-01T23:59');
    expect(isoToZonedWallTime('2026-09-01T10:00:00-07:00', LA)).toBe('2026-09-01T10:00');
    expect(isoToZonedWallTime('2026-09-01T10:00:00-07:00', 'Asia/Kolkata')).toBe('2026-09-01T22:30');
    for (const wall of ['2026-01-15T08:05', '2026-07-04T21:45', '2026-11-01T23:59']) {
      const iso = zonedWallTimeToIso(wall, LA)!;
      expect(isoToZonedWallTime(iso, LA)).toBe(wall);
    }
  });
});
