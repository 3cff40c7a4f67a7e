import { priceDrinks, type DrinkPaymentRequest, type TabOrderRequest } from '@festival/contracts';
import type { TestApp } from './test-app.js';

/** Seeded menu prices the tests order from. */
export const MENU = {
  mangoLassi: { id: 'mango-lassi', name: 'Mango Lassi', price: 650 },
  masalaChai: { id: 'masala-chai', name: 'Masala Chai', price: 400 },
  kingfisher: { id: 'kingfisher', name: 'Kingfisher Premium', price: 800 },
} as const;

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/** Saved fine, but every later charge is declined. */
export const DECLINE_LATER_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' };

type Line = { id: string; name: string; price: number; quantity: number };

/** Lines of an order: defaults to 2 Mango Lassi and 1 Masala Chai. */
export function createLines(lines?: Line[]): Line[] {
  return (
    lines ?? [
      { ...MENU.mangoLassi, quantity: 2 },
      { ...MENU.masalaChai, quantity: 1 },
    ]
  );
}

/** A valid pay-now request priced at the seeded menu; override any field. */
export function createDrinkPaymentRequest(overrides: Partial<DrinkPaymentRequest> = {}): DrinkPaymentRequest {
  const items = overrides.items ?? createLines();
  return {
    customerName: 'Priya Natarajan',
    customerEmail: 'priya@example.com',
    customerPhone: '(408) 555-0177',
    tableNumber: '12',
    items,
    total: priceDrinks(items).totalCents,
    ...overrides,
  };
}

/** A valid order onto a tab; override any field. */
export function createTabOrderRequest(tabToken: string, overrides: Partial<TabOrderRequest> = {}): TabOrderRequest {
  const items = overrides.items ?? createLines();
  return { tabToken, items, total: priceDrinks(items).totalCents, ...overrides };
}

export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0];
}

/** Pays a pay-now order with the simulated card form; returns the payment intent id. */
export async function payDrinks(
  t: TestApp,
  request: DrinkPaymentRequest = createDrinkPaymentRequest(),
): Promise<{ orderId: string; paymentIntentId: string; clientSecret: string }> {
  const created = await t.http.post('/api/drink-payment-intent').send(request).expect(200);
  const paid = await t.http
    .post('/api/payments/simulated/confirm')
    .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
    .expect(200);
  return {
    orderId: created.body.orderId as string,
    paymentIntentId: paid.body.id as string,
    clientSecret: created.body.clientSecret as string,
  };
}

/** Opens a tab with a saved card (confirmed by the browser path); returns its id and token. */
export async function openTab(
  t: TestApp,
  card = TEST_CARD,
  guest: { customerName: string; tableNumber?: string } = { customerName: 'Arjun Mehta', tableNumber: '4' },
): Promise<{ tabId: string; tabToken: string }> {
  const created = await t.http.post('/api/drink-tab').send(guest).expect(200);
  const saved = await t.http
    .post('/api/payments/simulated/confirm-setup')
    .send({ clientSecret: created.body.clientSecret, ...card })
    .expect(200);
  await t.http.post('/api/drink-tab/confirm-setup').send({ tabId: created.body.tabId, setupIntentId: saved.body.id }).expect(200);
  return { tabId: created.body.tabId as string, tabToken: created.body.tabToken as string };
}

/** Logs staff in; returns the session cookie. */
export async function staffCookie(t: TestApp, password: string): Promise<string> {
  const res = await t.http.post('/api/admin/login').send({ password }).expect(200);
  return String(res.headers['set-cookie']).split(';')[0];
}
