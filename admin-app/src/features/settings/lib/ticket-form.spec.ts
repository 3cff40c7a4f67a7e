import { DEFAULT_TICKET_SETTINGS } from '@festival/contracts';
import { fieldErrorsOf } from '#shared/lib/field-errors.ts';
import { SALE_TIME_FORMAT, ticketForm, ticketSettingsOf } from './ticket-form';

const ZONE = 'America/Los_Angeles';

describe('the Tickets form', () => {
  it('shows dollars, percent, minutes and the sale window in the party’s time zone, and saves them back exactly', () => {
    const tickets = {
      ...DEFAULT_TICKET_SETTINGS,
      adultPriceCents: 5499,
      saleOpensAt: '2026-09-01T10:00:00-07:00',
      saleClosesAt: '2026-10-24T02:30:00Z',
    };
    const form = ticketForm(tickets, ZONE);
    expect(form.adultPriceCents).toBe(54.99);
    expect(form.taxRateBasisPoints).toBe(9.38);
    expect(form.holdSeconds).toBe(DEFAULT_TICKET_SETTINGS.holdSeconds / 60);
    // The picker shows the wall-clock time at the party, whatever zone the browser is in.
    expect(form.saleOpensAt?.format(SALE_TIME_FORMAT)).toBe('2026-09-01 10:00');
    expect(form.saleClosesAt?.format(SALE_TIME_FORMAT)).toBe('2026-10-23 19:30');
    const saved = ticketSettingsOf(form, ZONE);
    expect(saved).toEqual({
      ...tickets,
      saleClosesAt: '2026-10-23T19:30:00-07:00',
    });
    expect(Date.parse(saved.saleClosesAt!)).toBe(Date.parse(tickets.saleClosesAt));
  });

  it('rounds typed dollars and percents to whole cents and basis points', () => {
    const form = {
      ...ticketForm(DEFAULT_TICKET_SETTINGS, ZONE),
      adultPriceCents: 54.99,
      childPriceCents: 0.1 + 0.2,
      taxRateBasisPoints: 9.125,
    };
    const saved = ticketSettingsOf(form, ZONE);
    expect(saved.adultPriceCents).toBe(5499);
    expect(saved.childPriceCents).toBe(30);
    expect(saved.taxRateBasisPoints).toBe(913);
  });
});

describe('the server’s validation message beside its fields', () => {
  it('splits `field: text` parts, tier paths included, and keeps what names no field', () => {
    expect(
      fieldErrorsOf(
        'capacity: Capacity must be at least 0; groupDiscountTiers.1.percent: Group discount cannot be more than 100%; Something else',
      ),
    ).toEqual({
      fields: [
        { name: ['capacity'], errors: ['Capacity must be at least 0'] },
        { name: ['groupDiscountTiers', 1, 'percent'], errors: ['Group discount cannot be more than 100%'] },
      ],
      rest: ['Something else'],
    });
  });
});
