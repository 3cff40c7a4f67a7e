import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, formatSaleDate } from '@festival/contracts';
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

const EXPIRES_AT = '2025-10-20T18:30:00.000Z';
let calls: Call[];
let remaining: number;

beforeEach(() => {
  calls = [];
  remaining = 0;
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/party-ticket-stats') return json(200, { remaining });
    if (url === '/api/party-waitlist') return json(200, { position: 4 });
    if (url === '/api/party-waitlist/offers/live-token')
      return json(200, { tickets: 3, expiresAt: EXPIRES_AT, name: 'Anil Das', email: 'anil@example.com' });
    if (url.startsWith('/api/party-waitlist/offers/')) return json(410, { message: 'This offer has expired' });
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

function renderPage(path = '/diwali-party') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <PartyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the waitlist on the party page', () => {
  it('keeps SOLD OUT and a disabled Continue, and below them takes a waitlist entry and answers with its position', async () => {
    renderPage();
    expect(await screen.findByText('SOLD OUT')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Join the waitlist' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Meera Iyer' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.com' } });
    fireEvent.change(screen.getByLabelText('Tickets wanted'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('Tickets wanted cannot be more than 10')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/party-waitlist')).toBe(false);

    fireEvent.change(screen.getByLabelText('Tickets wanted'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/party-waitlist')?.body).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      tickets: 5,
      newsConsent: false,
    });
  });

  it('shows no waitlist while tickets are on sale', async () => {
    remaining = 20;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Select your tickets' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/party-ticket-stats')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Join the waitlist' })).toBeNull();
  });

  it('opens an offer link as the normal purchase with its tickets filled in and held until its end', async () => {
    renderPage('/diwali-party?offer=live-token');
    const held = `Tickets held for you until ${formatSaleDate(EXPIRES_AT, DEFAULT_SITE_CONFIG.party.timeZone)}`;
    expect(await screen.findByText(held)).toBeTruthy();
    expect(screen.queryByText('SOLD OUT')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Join the waitlist' })).toBeNull();
    expect(screen.getAllByText('3').length).toBeGreaterThan(0);
    // The offer's count is the most: no more than three in all.
    expect((screen.getByRole('button', { name: 'Increase adult tickets' }) as HTMLButtonElement).disabled).toBe(true);
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    await waitFor(() => expect(continueButton.disabled).toBe(false));
  });

  it('says an expired or used link has expired, and offers the waitlist again', async () => {
    renderPage('/diwali-party?offer=used-token');
    expect(await screen.findByText('This offer has expired')).toBeTruthy();
    expect(await screen.findByText('SOLD OUT')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Join the waitlist' })).toBeTruthy();
  });
});
