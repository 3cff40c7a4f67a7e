import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
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
const LABEL = "Send me news about the restaurant's events";

let calls: Call[];
let remaining: number;

beforeEach(() => {
  calls = [];
  remaining = 150;
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/party-ticket-stats') return json(200, { remaining });
    if (url === '/api/payments/config') return json(200, { mode: 'simulated' });
    if (url === '/api/party-payment-intent') {
      return json(200, {
        clientSecret: 'pi_news_secret_1',
        orderId: 'order-news-1',
        holdExpiresAt: new Date(Date.now() + 900_000).toISOString(),
      });
    }
    if (url === '/api/party-waitlist') return json(200, { position: 2 });
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

/** One adult ticket, the contact step filled in; `tick` ticks the news box first. */
async function orderOneTicket(tick: boolean) {
  renderPage();
  await screen.findByRole('heading', { name: 'Select your tickets' });
  fireEvent.click(screen.getByRole('button', { name: 'Increase adult tickets' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Asha' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Raman' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4085550101' } });
  const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
  expect(box.checked).toBe(false);
  expect(box.required).toBe(false);
  if (tick) fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await waitFor(() => expect(calls.some((call) => call.url === '/api/party-payment-intent')).toBe(true));
  return calls.find((call) => call.url === '/api/party-payment-intent')!.body!;
}

describe('the news box and the policies on the party page', () => {
  it('leaves the box unchecked: the order is placed with newsConsent false', async () => {
    const body = await orderOneTicket(false);
    expect(body.newsConsent).toBe(false);
  });

  it('sends newsConsent true once the guest ticks it, and the payment step links the ticket terms and the privacy policy', async () => {
    const body = await orderOneTicket(true);
    expect(body).toMatchObject({ customerEmail: 'asha@example.com', newsConsent: true });
    const line = await screen.findByText(/By paying you agree to the/);
    expect(line.textContent).toBe('By paying you agree to the ticket terms and the privacy policy');
    expect(within(line).getByRole('link', { name: 'ticket terms' }).getAttribute('href')).toBe('/terms');
    expect(within(line).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(await screen.findByRole('button', { name: 'Complete Payment' })).toBeTruthy();
  });

  it('links Privacy policy and Ticket terms at the foot of the page', async () => {
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Policies' });
    expect(within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(within(nav).getByRole('link', { name: 'Ticket terms' }).getAttribute('href')).toBe('/terms');
  });

  it.each([
    [false, false],
    [true, true],
  ])('the waitlist form, box ticked %s, sends newsConsent %s', async (tick, sent) => {
    remaining = 0;
    renderPage();
    await screen.findByRole('heading', { name: 'Join the waitlist' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Meera Iyer' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.com' } });
    const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    if (tick) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText("You're on the waitlist")).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/party-waitlist')?.body).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      tickets: 2,
      newsConsent: sent,
    });
  });
});
