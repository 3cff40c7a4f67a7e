import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, earlyBirdLine, formatCents, priceParty, type PublicTicketType, type SiteConfig } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { PartyPage } from './party-page';

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

const { party } = DEFAULT_SITE_CONFIG;
const ADULT: PublicTicketType = {
  id: 1,
  builtIn: 'adult',
  name: 'Adult',
  description: 'Ages 10 and over',
  price: 3999,
  seats: 1,
  remaining: 150,
  onSale: true,
  nextPrice: { price: 4999, from: '2026-10-01T10:00:00-07:00' },
};
const CHILD: PublicTicketType = {
  id: 2,
  builtIn: 'child',
  name: 'Child',
  description: 'Ages 5 to 9',
  price: 2999,
  seats: 1,
  remaining: 150,
  onSale: true,
};
const VIP: PublicTicketType = {
  id: 7,
  builtIn: null,
  name: 'VIP Table',
  description: 'A table for eight by the stage',
  price: 40000,
  seats: 8,
  remaining: 2,
  onSale: true,
};
const LATE: PublicTicketType = {
  id: 9,
  builtIn: null,
  name: 'Late Night',
  description: 'After 10 pm',
  price: 2000,
  seats: 1,
  remaining: 150,
  onSale: false,
};

let calls: Call[];
let site: SiteConfig;
let seatsLeft: number;
let types: PublicTicketType[];
let intentAnswer: () => Answer;

beforeEach(() => {
  calls = [];
  site = DEFAULT_SITE_CONFIG;
  seatsLeft = 150;
  types = [ADULT, CHILD, VIP, LATE];
  intentAnswer = () => json(409, { message: 'Only 1 VIP Table ticket remaining' });
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, site);
    if (url === '/api/party-ticket-stats') return json(200, { remaining: seatsLeft });
    if (url === '/api/party-ticket-types') return json(200, { types });
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

const sellingTypes = () => {
  site = { ...DEFAULT_SITE_CONFIG, party: { ...party, sellsTicketTypes: true } };
};
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const counterOf = (label: string) => screen.getByText(label).closest('.ticket-counter') as HTMLElement;
const typesCalls = () => calls.filter((call) => call.url === '/api/party-ticket-types').length;
/** The breakdown's amount beside `label` (`VIP Table × 1` → `$400.00`). */
const breakdownAmount = (label: string) =>
  within(screen.getByRole('region', { name: 'Price breakdown' })).getByText(label).nextElementSibling?.textContent;

describe('the party page of a season that sells only adult and child tickets', () => {
  it('shows the two counters at the Tickets prices and never asks for the ticket types', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Select your tickets' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/party-ticket-stats')).toBe(true));

    expect(within(counterOf('Adult tickets')).getByText(`${party.adultAges} · ${formatCents(party.adultPriceCents)}`)).toBeTruthy();
    expect(
      within(counterOf('Child tickets')).getByText(`${party.childAges} (under 5 free) · ${formatCents(party.childPriceCents)}`),
    ).toBeTruthy();
    expect(document.querySelectorAll('.ticket-counter')).toHaveLength(2);
    expect(screen.queryByText(/Early bird/)).toBeNull();
    fireEvent.click(button('Increase adult tickets'));
    expect(screen.getByTestId('adult-count').textContent).toBe('1');
    expect(breakdownAmount('Adult tickets × 1')).toBe(formatCents(party.adultPriceCents));
    expect(typesCalls()).toBe(0);
  });
});

describe('the party page of a season that sells ticket types', () => {
  it('shows one counter per type, the adult early-bird price and a type not on sale', async () => {
    sellingTypes();
    renderPage();
    await screen.findByText('VIP Table');

    const adult = counterOf('Adult tickets');
    expect(within(adult).getByText(`${party.adultAges} · $39.99`)).toBeTruthy();
    expect(within(adult).getByText(earlyBirdLine(ADULT, party.timeZone)!)).toBeTruthy();
    expect(earlyBirdLine(ADULT, party.timeZone)).toBe('Early bird — $39.99 until Thursday, October 1, 2026 at 10:00 AM');
    expect(within(counterOf('Child tickets')).getByText(`${party.childAges} (under 5 free) · $29.99`)).toBeTruthy();
    expect(within(counterOf('VIP Table')).getByText('A table for eight by the stage · admits 8 guests · $400.00')).toBeTruthy();
    expect(within(counterOf('Late Night')).getByText('Not on sale now')).toBeTruthy();
    expect(button('Increase Late Night tickets').disabled).toBe(true);
    expect(button('Increase child tickets').disabled).toBe(false);
  });

  it('adds the table up to its tickets left and prices the selection as the server does, items and early-bird total in the request', async () => {
    sellingTypes();
    renderPage();
    await screen.findByText('VIP Table');

    fireEvent.click(button('Increase VIP Table tickets'));
    fireEvent.click(button('Increase VIP Table tickets'));
    expect(screen.getByTestId('type-7-count').textContent).toBe('2');
    expect(button('Increase VIP Table tickets').disabled).toBe(true);
    fireEvent.click(button('Decrease VIP Table tickets'));
    fireEvent.click(button('Increase adult tickets'));

    const price = priceParty({
      adultTickets: 1,
      childTickets: 0,
      adultPriceCents: 3999,
      childPriceCents: 2999,
      promoPercent: 0,
      groupDiscountTiers: party.groupDiscountTiers,
      taxRateBasisPoints: party.taxRateBasisPoints,
      extraLines: [{ quantity: 1, unitPriceCents: 40000 }],
    });
    expect(breakdownAmount('Adult tickets × 1')).toBe('$39.99');
    expect(breakdownAmount('VIP Table × 1')).toBe('$400.00');
    expect(breakdownAmount('Subtotal')).toBe('$439.99');
    expect(screen.getByTestId('order-total').textContent).toBe(formatCents(price.totalCents));

    fireEvent.click(button('Continue'));
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Raman' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4085550101' } });
    fireEvent.submit(screen.getByLabelText('Phone').closest('form')!);

    // The server finds one table left since: back to the tickets, saying so, the types read again.
    await screen.findByRole('heading', { name: 'Select your tickets' });
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 VIP Table ticket remaining');
    expect(calls.find((call) => call.url === '/api/party-payment-intent')?.body).toMatchObject({
      adultTickets: 1,
      childTickets: 0,
      items: [{ typeId: VIP.id, quantity: 1 }],
      totalAmount: price.totalCents,
    });
    await waitFor(() => expect(typesCalls()).toBe(2));
  });

  it("stops every counter at the party's seats left, counting a table's 8 seats", async () => {
    sellingTypes();
    seatsLeft = 10;
    types = [
      { ...ADULT, remaining: 10 },
      { ...CHILD, remaining: 10 },
      { ...VIP, remaining: 1 },
    ];
    renderPage();
    await screen.findByText('VIP Table');
    await screen.findByText('Only 10 tickets remaining!');

    fireEvent.click(button('Increase VIP Table tickets'));
    fireEvent.click(button('Increase adult tickets'));
    fireEvent.click(button('Increase child tickets'));
    expect(button('Increase adult tickets').disabled).toBe(true);
    expect(button('Increase child tickets').disabled).toBe(true);
    expect(button('Increase VIP Table tickets').disabled).toBe(true);
    expect(button('Continue').disabled).toBe(false);

    fireEvent.click(button('Decrease VIP Table tickets'));
    expect(button('Increase adult tickets').disabled).toBe(false);
    expect(screen.queryByText(/VIP Table ×/)).toBeNull();
  });
});
