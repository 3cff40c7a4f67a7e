import type { BarOrder } from '@festival/contracts';

/** A bar order for the bar's unit tests; override any field. */
export function createBarOrder(overrides: Partial<BarOrder> = {}): BarOrder {
  const number = overrides.number ?? 1;
  return {
    id: `order-${number}`,
    number,
    payment: 'paid',
    status: 'new',
    customerName: 'Priya',
    tableNumber: '12',
    language: 'en',
    items: [{ name: 'Mango Lassi', quantity: 1 }],
    totalCents: 711,
    tabReference: null,
    placedAt: '2025-10-24T19:30:00.000Z',
    updatedAt: '2025-10-24T19:30:00.000Z',
    ...overrides,
  };
}
