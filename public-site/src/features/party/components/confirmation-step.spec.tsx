import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { buildTicketCode, DEFAULT_SITE_CONFIG, type PartyOrderReceipt } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { ConfirmationStep } from './confirmation-step';

const ORDER_ID = '3f2b9c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
const CODE = buildTicketCode(
  ORDER_ID,
  Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256),
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41"><path d="M1 1h7"/></svg>';

const RECEIPT: PartyOrderReceipt = {
  orderId: ORDER_ID,
  status: 'paid',
  customerName: 'Meera Krishnan',
  customerEmail: 'meera.k@example.com',
  adultTickets: 2,
  childTickets: 1,
  adultPriceCents: 4999,
  childPriceCents: 2999,
  subtotalCents: 12997,
  groupDiscountPercent: 0,
  groupDiscountCents: 0,
  promoDiscountPercent: 0,
  promoDiscountCents: 0,
  taxCents: 1219,
  totalCents: 14216,
  paidAt: '2025-10-01T18:00:00.000Z',
  ticketCode: CODE,
  ticketQrSvg: SVG,
};

interface Call {
  url: string;
  method?: string;
  body?: Record<string, unknown>;
}
let calls: Call[];
let answer: () => { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

function renderStep(receipt: PartyOrderReceipt = RECEIPT, clientSecret: string | null = 'pi_123_secret_abc') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/diwali-party']}>
        <ConfirmationStep receipt={receipt} site={DEFAULT_SITE_CONFIG} clientSecret={clientSecret} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
  answer = () => ({
    ok: true,
    status: 202,
    statusText: 'Accepted',
    text: async () => JSON.stringify({ sentTo: 'm…@example.com', resendsLeft: 2 }),
  });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  }) as unknown as typeof fetch;
});

describe('the party confirmation step', () => {
  it('shows the ticket: its QR code, what it admits and the code in groups of four', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: "You're All Set!" })).toBeTruthy();
    expect(screen.getByTestId('order-reference').textContent).toBe('3F2B9C1E');
    expect(screen.getByText('Show this code at the door:')).toBeTruthy();

    const qr = screen.getByRole('img', { name: 'QR code of ticket 3F2B9C1E' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(screen.getByText('Admits 3 guests: 2 adults, 1 child (children under 5 come free)')).toBeTruthy();

    const printed = screen.getByTestId('ticket-code').textContent ?? '';
    expect(printed).toMatch(/^([A-Z2-7]{4} ){31}[A-Z2-7]{4}$/);
    expect(printed.replace(/ /g, '')).toBe(CODE);
    expect(screen.getByText('A confirmation e-mail with your tickets has been sent to meera.k@example.com.')).toBeTruthy();
  });

  it('offers the party as a calendar event: the same event as the e-mail attachment', () => {
    renderStep();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/api/party-orders/${ORDER_ID}/calendar`);
  });

  it('E-mail my tickets again asks the server with the client secret and says where they went', async () => {
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail my tickets again' }));
    expect(await screen.findByText('We sent your tickets to m…@example.com again.')).toBeTruthy();
    expect(calls).toEqual([
      { url: `/api/party-orders/${ORDER_ID}/resend-confirmation`, method: 'POST', body: { clientSecret: 'pi_123_secret_abc' } },
    ]);
    expect(screen.getByRole('button', { name: 'E-mail my tickets again' }).hasAttribute('disabled')).toBe(false);
  });

  it('says plainly when the resend is refused (too many this hour)', async () => {
    const message =
      'Your tickets have already been e-mailed again 3 times in the last hour. Please check your spam folder, or try again in 42 minutes.';
    answer = () => ({ ok: false, status: 429, statusText: 'Too Many Requests', text: async () => JSON.stringify({ message }) });
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail my tickets again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(/We sent your tickets/)).toBeNull();
  });

  it('without the client secret shows neither the code nor the resend, and still the calendar', () => {
    const { ticketCode: _code, ticketQrSvg: _svg, customerEmail: _email, customerName: _name, ...anonymous } = RECEIPT;
    renderStep(anonymous, null);
    expect(screen.queryByTestId('ticket')).toBeNull();
    expect(screen.queryByRole('button', { name: 'E-mail my tickets again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeTruthy();
    expect(screen.getByText('A confirmation e-mail with your tickets has been sent to your e-mail address.')).toBeTruthy();
  });
});

describe('a receipt with tickets of another type', () => {
  it('lists the table in the order and says the ticket admits its 8 guests', () => {
    renderStep({
      ...RECEIPT,
      adultTickets: 2,
      childTickets: 0,
      subtotalCents: 2 * 4999 + 40000,
      ticketLines: [{ name: 'VIP Table', quantity: 1, seats: 8, unitPriceCents: 40000 }],
    });
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(order.textContent).toContain('VIP Table × 1$400.00');
    expect(screen.getByText(/^Admits 10 guests: 2 adults, 1 VIP Table/).textContent).toBe(
      'Admits 10 guests: 2 adults, 1 VIP Table (children under 5 come free)',
    );
  });
});
