import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, priceParty, type PartyQuote, type PromoCodeStatus } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { PartyPage } from './party-page';

interface Call {
  url: string;
  body?: Record<string, unknown>;
}
type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

let calls: Call[];
let quoteStatus: PromoCodeStatus;
let quotePercent: number;
let intentAnswer: () => Answer;

const json = (status: number, body: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});

const { adultPriceCents, childPriceCents } = DEFAULT_SITE_CONFIG.party;
const priceAt = (promoPercent: number) => priceParty({ adultTickets: 2, childTickets: 0, adultPriceCents, childPriceCents, promoPercent });

beforeEach(() => {
  calls = [];
  quoteStatus = 'valid';
  quotePercent = 15;
  intentAnswer = () => json(409, { message: 'This promo code has been used up' });
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/party-ticket-stats') return json(200, { remaining: 150 });
    if (url === '/api/party-quote') {
      const quote: PartyQuote = { ...priceAt(quoteStatus === 'valid' ? quotePercent : 0), promoCodeStatus: quoteStatus };
      return json(200, quote);
    }
    if (url === '/api/party-payment-intent') return intentAnswer();
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

function renderPage() {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/diwali-party']}>
        <PartyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function twoAdultsWithCode(code: string) {
  renderPage();
  await screen.findByRole('heading', { name: 'Select your tickets' });
  fireEvent.click(screen.getByRole('button', { name: 'Increase adult tickets' }));
  fireEvent.click(screen.getByRole('button', { name: 'Increase adult tickets' }));
  fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('the party page’s promo codes', () => {
  it("shows the code's own percent from the quote and takes it off the total", async () => {
    await twoAdultsWithCode(' lights15 ');
    expect(await screen.findByText("Promo code applied! You'll save an additional 15%")).toBeTruthy();
    expect(screen.getByText('Promo code (15%)')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe(`$${(priceAt(15).totalCents / 100).toFixed(2)}`);
    expect(calls.find((call) => call.url === '/api/party-quote')?.body).toEqual({
      adultTickets: 2,
      childTickets: 0,
      promoCode: 'lights15',
    });
  });

  it.each([
    ['invalid', 'Invalid promo code'],
    ['expired', 'This promo code has expired'],
    ['used-up', 'This promo code has been used up'],
  ] as const)('says why a %s code takes nothing off', async (status, message) => {
    quoteStatus = status;
    await twoAdultsWithCode('DIWALI5');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(/Promo code \(/)).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe(`$${(priceAt(0).totalCents / 100).toFixed(2)}`);
  });

  it.each([
    ['used up', { message: 'This promo code has been used up' }, 409, 'This promo code has been used up'],
    ['expired', { message: 'This promo code has expired' }, 409, 'This promo code has expired'],
    ['switched off', { message: 'Invalid promo code' }, 400, 'Invalid promo code'],
    // A translated refusal is told by its code: the page says it in its own words.
    [
      'used up (answered in Tamil)',
      { message: 'இந்தப் புரோமோ குறியீடு முழுமையாகப் பயன்படுத்தப்பட்டுவிட்டது', code: 'promo.used-up' },
      409,
      'This promo code has been used up',
    ],
  ])(
    'a payment intent refused because the code is %s goes back to the tickets and says so beside the code',
    async (_label, answer, status, shown) => {
      intentAnswer = () => json(status, answer);
      await twoAdultsWithCode('DIWALI5');
      await screen.findByText("Promo code applied! You'll save an additional 15%");
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Asha' } });
      fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Raman' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
      fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4085550101' } });
      fireEvent.submit(screen.getByLabelText('Phone').closest('form')!);

      await screen.findByRole('heading', { name: 'Select your tickets' });
      expect((await screen.findByRole('alert')).textContent).toBe(shown);
      const intent = calls.find((call) => call.url === '/api/party-payment-intent');
      expect(intent?.body).toMatchObject({ promoCode: 'DIWALI5', totalAmount: priceAt(15).totalCents });
      // The price no longer takes the code off, and the code stays in its field.
      await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe(`$${(priceAt(0).totalCents / 100).toFixed(2)}`));
      expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('DIWALI5');
    },
  );
});
