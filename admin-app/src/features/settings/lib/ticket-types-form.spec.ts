import { ticketTypesRequestSchema, type AdminTicketTypesResponse } from '@festival/contracts';
import { NEW_PRICE_STEP, NEW_TICKET_TYPE, ticketTypesForm, ticketTypesRequestOf } from './ticket-types-form';

const LA = 'America/Los_Angeles';

const ANSWER: AdminTicketTypesResponse = {
  timeZone: LA,
  types: [
    {
      id: 1,
      builtIn: 'adult',
      name: 'Adult',
      description: 'Ages 13 and up',
      price: 4999,
      seats: 1,
      capacity: null,
      salesStart: null,
      salesEnd: null,
      priceSteps: [{ until: '2026-09-01T17:00:00.000Z', price: 3999 }],
      hidden: false,
      taken: 40,
    },
    {
      id: 7,
      builtIn: null,
      name: 'VIP Table',
      description: 'A table for 8.',
      price: 80000,
      seats: 8,
      capacity: 2,
      salesStart: '2026-10-01T16:00:00.000Z',
      salesEnd: '2026-11-08T07:30:00.000Z',
      priceSteps: [],
      hidden: true,
      taken: 1,
    },
  ],
};

describe('the Ticket types form', () => {
  it('shows prices in dollars and times as wall-clock times in the event’s zone, keeping what each type sold', () => {
    expect(ticketTypesForm(ANSWER)).toEqual({
      types: [
        {
          id: 1,
          builtIn: 'adult',
          name: 'Adult',
          description: 'Ages 13 and up',
          price: 49.99,
          seats: 1,
          capacity: null,
          salesStart: '',
          salesEnd: '',
          priceSteps: [{ until: '2026-09-01T10:00', price: 39.99 }],
          hidden: false,
          taken: 40,
        },
        {
          id: 7,
          builtIn: null,
          name: 'VIP Table',
          description: 'A table for 8.',
          price: 800,
          seats: 8,
          capacity: 2,
          salesStart: '2026-10-01T09:00',
          salesEnd: '2026-11-07T23:30',
          priceSteps: [],
          hidden: true,
          taken: 1,
        },
      ],
    });
  });

  it('sends whole cents, times with the zone’s offset, an empty capacity as null, and no id for a new type', () => {
    const form = ticketTypesForm(ANSWER);
    const request = ticketTypesRequestOf(
      {
        types: [
          { ...form.types[0], price: 54.995, priceSteps: [...form.types[0].priceSteps, { until: '2026-11-01T23:59', price: 44.5 }] },
          form.types[1],
          { ...NEW_TICKET_TYPE, name: 'Family Bundle', price: 120, seats: 4, capacity: null, priceSteps: [{ ...NEW_PRICE_STEP }] },
        ],
      },
      LA,
    );
    expect(request).toEqual({
      types: [
        {
          id: 1,
          name: 'Adult',
          description: 'Ages 13 and up',
          price: 5500,
          seats: 1,
          capacity: null,
          salesStart: null,
          salesEnd: null,
          priceSteps: [
            { until: '2026-09-01T10:00:00-07:00', price: 3999 },
            { until: '2026-11-01T23:59:00-08:00', price: 4450 },
          ],
          hidden: false,
        },
        {
          id: 7,
          name: 'VIP Table',
          description: 'A table for 8.',
          price: 80000,
          seats: 8,
          capacity: 2,
          salesStart: '2026-10-01T09:00:00-07:00',
          salesEnd: '2026-11-07T23:30:00-08:00',
          priceSteps: [],
          hidden: true,
        },
        {
          name: 'Family Bundle',
          description: '',
          price: 12000,
          seats: 4,
          capacity: null,
          salesStart: null,
          salesEnd: null,
          priceSteps: [{ until: '', price: Number.NaN }],
          hidden: false,
        },
      ],
    });
    // The new type's empty early-bird price is the schema's to refuse, beside its fields.
    const refused = ticketTypesRequestSchema.safeParse(request);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'types.2.priceSteps.0.price',
      'types.2.priceSteps.0.until',
    ]);
    expect(ticketTypesRequestSchema.safeParse({ types: request.types.slice(0, 2) }).success).toBe(true);
  });

  it('leaves an empty price or seats for the schema to refuse', () => {
    const request = ticketTypesRequestOf({ types: [{ ...NEW_TICKET_TYPE, name: 'Box', seats: null }] }, LA);
    expect(request.types[0].price).toBeNaN();
    expect(request.types[0].seats).toBeNaN();
    expect(ticketTypesRequestSchema.safeParse(request).success).toBe(false);
  });
});
