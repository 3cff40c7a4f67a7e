import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SITE_CONFIG, type FeastCatalog } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { useFeastCartStore } from '../stores/feast-cart-store';
import { renderInLanguage } from '../testing/render-in-language';
import { FeastCheckoutPage } from './feast-checkout-page';

interface Call {
  url: string;
  body?: Record<string, unknown>;
}
type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

const json = (status: number, body: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});
const LABEL = "Send me news about the restaurant's events";
const CATALOG: FeastCatalog = {
  open: true,
  taxRateBasisPoints: 938,
  packs: [{ id: 'pack-veg', name: 'Vegetarian Feast', description: 'Paneer and dal', price: 3999, vegetarian: true }],
  slots: [{ id: 'slot-1', date: '2026-11-07', time: '11:00', remaining: 20 }],
};

let calls: Call[];

beforeEach(() => {
  calls = [];
  useFeastCartStore.setState({ items: [{ id: 'pack-veg', name: 'Vegetarian Feast', price: 3999, quantity: 2 }] });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/feast-packs') return json(200, CATALOG);
    if (url === '/api/payments/config') return json(200, { mode: 'simulated' });
    if (url === '/api/feast-order-intent') return json(200, { clientSecret: 'pi_feast_secret_1', orderId: 'feast-1' });
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

async function checkOut(tick: boolean) {
  renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <FeastCheckoutPage closedCard={<p>Closed</p>} />
    </QueryClientProvider>,
  );
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ravi Kumar' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ravi@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4085550102' } });
  fireEvent.click(screen.getByRole('radio'));
  const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
  expect(box.checked).toBe(false);
  if (tick) fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await waitFor(() => expect(calls.some((call) => call.url === '/api/feast-order-intent')).toBe(true));
  return calls.find((call) => call.url === '/api/feast-order-intent')!.body!;
}

describe('the news box and the pay line of the feast pack checkout', () => {
  it('leaves the box unchecked: the pre-order is held with newsConsent false', async () => {
    expect(await checkOut(false)).toMatchObject({ customerEmail: 'ravi@example.com', slotId: 'slot-1', newsConsent: false });
  });

  it('sends newsConsent true once ticked, and the payment links the ticket terms and the privacy policy', async () => {
    expect(await checkOut(true)).toMatchObject({ newsConsent: true });
    const line = await screen.findByText(/By paying you agree to the/);
    expect(line.textContent).toBe('By paying you agree to the ticket terms and the privacy policy');
    expect(within(line).getByRole('link', { name: 'ticket terms' }).getAttribute('href')).toBe('/terms');
    expect(within(line).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(await screen.findByRole('button', { name: 'Place Pre-order' })).toBeTruthy();
  });

  it('in Hindi: its words, the pickup time in Hindi, refusals of the form in Hindi, and the pre-order held in Hindi', async () => {
    renderInLanguage(
      <QueryClientProvider client={createQueryClient()}>
        <FeastCheckoutPage closedCard={<p>Closed</p>} />
      </QueryClientProvider>,
      { language: 'hi' },
    );
    expect(await screen.findByRole('heading', { name: 'चेकआउट' })).toBeTruthy();
    const time = new Intl.DateTimeFormat('hi-IN', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(Date.UTC(2026, 10, 7)));
    expect(screen.getByRole('radio', { name: new RegExp(`^${time},`) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'भुगतान पर जाएँ' }));
    expect(await screen.findByText('नाम ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('पिकअप का समय चुनें')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/feast-order-intent')).toBe(false);

    // Each field's label holds its refusal too, now that the form was refused once.
    fireEvent.change(screen.getByLabelText(/^नाम/), { target: { value: 'Ravi Kumar' } });
    fireEvent.change(screen.getByLabelText(/^ई-मेल/), { target: { value: 'ravi@example.com' } });
    fireEvent.change(screen.getByLabelText(/^फ़ोन/), { target: { value: '4085550102' } });
    fireEvent.click(screen.getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'भुगतान पर जाएँ' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/feast-order-intent')).toBe(true));
    expect(calls.find((call) => call.url === '/api/feast-order-intent')!.body).toMatchObject({ language: 'hi', slotId: 'slot-1' });
  });
});
