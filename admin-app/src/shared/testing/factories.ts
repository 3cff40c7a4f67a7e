import type { AnalyticsEvent, FeastOrder, PaidPartyTicketRow, PartyTicketRow } from '@festival/contracts';

/** A feast pack order; override any field. */
export function createFeastOrder(overrides: Partial<FeastOrder> = {}): FeastOrder {
  return {
    id: '3f2a9c1e-7b4d-4e8a-9c2b-1d5e6f7a8b9c',
    customerName: 'Asha Raman',
    customerEmail: 'asha@example.com',
    customerPhone: '(408) 555-0101',
    pickupDate: 'October 18',
    pickupTime: '11:00 AM',
    items: [
      { name: 'Vegetarian Feast Pack', quantity: 2 },
      { name: 'Sweets Box', quantity: 1 },
    ],
    totalAmount: 10388,
    createdAt: '2025-10-12T21:03:00.000Z',
    dispute: null,
    pickedUpAt: null,
    pickedUpBy: null,
    ...overrides,
  };
}

/** A paid party ticket order (or an abandoned cart); override any field. */
export function createTicketRow(overrides: Partial<PartyTicketRow> = {}): PartyTicketRow {
  return {
    id: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
    customerName: 'Ravi Iyer',
    customerEmail: 'ravi@example.com',
    customerPhone: '(408) 555-0199',
    adultTickets: 2,
    childTickets: 1,
    totalAmount: 14216,
    createdAt: '2025-10-10T18:30:00.000Z',
    ...overrides,
  };
}

/** A paid party ticket order as the dashboard lists it, nobody admitted yet; override any field. */
export function createPaidTicketRow(overrides: Partial<PaidPartyTicketRow> = {}): PaidPartyTicketRow {
  const row = createTicketRow();
  return {
    ...row,
    admitted: 0,
    validTickets: row.adultTickets + row.childTickets,
    emailStatus: 'sent',
    emailError: null,
    comp: false,
    paymentMethod: 'card',
    dispute: null,
    ...overrides,
  };
}

/** An analytics event as the staff read it, with nothing optional recorded; override any field. */
export function createAnalyticsEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    id: '1',
    entityId: null,
    sessionId: '5b1f0c9e-2d4a-4f6b-8e3c-7a9d1b2c3d4e',
    eventType: 'page_view',
    createdAt: '2025-10-12T20:00:00.000Z',
    userName: null,
    userEmail: null,
    userPhone: null,
    geoCity: null,
    geoRegion: null,
    geoCountry: null,
    geoLatitude: null,
    geoLongitude: null,
    ipAddress: null,
    scrollDepth: null,
    timeOnPage: null,
    pageSections: null,
    userAgent: null,
    device: 'Unknown',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmContent: null,
    utmTerm: null,
    referrer: null,
    metadata: null,
    ...overrides,
  };
}
