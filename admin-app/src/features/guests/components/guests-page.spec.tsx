import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { GUEST_ERASE_REFUSALS, type GuestData, type GuestSummary } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { GuestsPage } from './guests-page';

beforeAll(prepareJsdomForAntd);

const FOUND: GuestSummary[] = [
  {
    email: 'lakshmi@example.com',
    names: ['Lakshmi Menon'],
    phones: ['(408) 555-0199'],
    records: 6,
    lastSeenAt: '2026-10-01T17:00:00.000Z',
  },
];

const DATA: GuestData = {
  version: 1,
  exportedAt: '2026-11-01T10:00:00.000Z',
  email: 'lakshmi@example.com',
  suppression: null,
  partyOrders: [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      seasonId: 1,
      status: 'paid',
      name: 'Lakshmi Menon',
      email: 'lakshmi@example.com',
      phone: '(408) 555-0199',
      adultTickets: 2,
      childTickets: 0,
      totalCents: 10930,
      refundedCents: 0,
      createdAt: '2026-10-01T17:00:00.000Z',
      paidAt: '2026-10-01T17:01:00.000Z',
      tickets: [{ name: 'Adult', quantity: 2, unitPriceCents: 4999 }],
      guests: [{ seat: 1, name: 'Lakshmi', meal: 'Vegetarian', allergens: ['peanuts'], note: null }],
    },
  ],
  feastOrders: [],
  drinkOrders: [],
  drinkTabs: [],
  waitlistEntries: [],
  consentRecords: [
    { agreed: true, page: 'party', policyVersion: '1', seasonId: '1', subjectId: null, createdAt: '2026-10-01T17:00:00.000Z' },
  ],
  campaignSends: [{ campaign: 'Diwali offer', status: 'sent', sentAt: '2026-10-05T09:00:00.000Z' }],
  keptCards: [],
  signInLinks: [],
  signInSessions: [],
  analyticsEvents: [
    {
      eventType: 'party_order_completed',
      createdAt: '2026-10-01T17:01:00.000Z',
      entityId: null,
      geoCountry: 'US',
      geoCity: null,
      userAgent: null,
    },
  ],
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[];
let eraseAnswer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  eraseAnswer = { status: 200, body: { pseudonym: 'Erased guest 0a1b2c3d', rowsChanged: 9, eventsDeleted: 1, filesDeleted: 1 } };
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = url.startsWith('/api/admin/guests?q=')
      ? { status: 200, body: FOUND }
      : url.startsWith('/api/admin/guests/data?')
        ? { status: 200, body: DATA }
        : eraseAnswer;
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AdminThemeProvider>
          <GuestsPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openGuest() {
  fireEvent.change(screen.getByRole('searchbox', { name: 'E-mail or phone' }), { target: { value: '555-0199' } });
  fireEvent.click(screen.getByRole('button', { name: /Search/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Open lakshmi@example.com' }));
  await screen.findByRole('region', { name: 'Party orders' });
}

describe('the Guests page', () => {
  it('finds guests by e-mail or phone and lists them', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Guests' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'E-mail or phone' }), { target: { value: '555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const row = (await screen.findByText('lakshmi@example.com')).closest('tr')!;
    expect(within(row).getByText('Lakshmi Menon')).toBeTruthy();
    expect(within(row).getByText('(408) 555-0199')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/guests?q=555-0199']);
  });

  it('shows everything held about the guest, and Export downloads their data', async () => {
    renderPage();
    await openGuest();
    const party = screen.getByRole('region', { name: 'Party orders' });
    expect(party.textContent).toContain('Order A1B2C3D4 · paid · 2 Adult · $109.30');
    expect(party.textContent).toContain('Seat 1: Lakshmi · Vegetarian · peanuts');
    expect(screen.getByRole('region', { name: 'Consent' }).textContent).toContain('Agreed to news · party · policy 1');
    expect(screen.getByRole('region', { name: 'Campaign sends' }).textContent).toContain('Diwali offer · sent');
    expect(screen.getByRole('region', { name: 'Feast orders' }).textContent).toContain('None');
    const exported = screen.getByRole('link', { name: 'Export' });
    expect(exported.getAttribute('href')).toBe('/api/admin/guests/export?email=lakshmi%40example.com');
    expect(exported.hasAttribute('download')).toBe(true);
  });

  it('erases only once ERASE or the address is typed, and shows the refusal of a guest still holding tickets', async () => {
    eraseAnswer = { status: 409, body: { message: GUEST_ERASE_REFUSALS.hold } };
    renderPage();
    await openGuest();
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Erase' });
    const box = within(dialog).getByLabelText("Type ERASE or the guest's e-mail address to confirm");
    fireEvent.change(box, { target: { value: 'erase' } });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: 'LAKSHMI@example.com' } });
    expect(ok.hasAttribute('disabled')).toBe(false);
    fireEvent.click(ok);
    expect(await within(dialog).findByText(GUEST_ERASE_REFUSALS.hold)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { url: '/api/admin/guests/erase', method: 'POST', body: { email: 'lakshmi@example.com', confirmation: 'LAKSHMI@example.com' } },
    ]);

    eraseAnswer = { status: 200, body: { pseudonym: 'Erased guest 0a1b2c3d', rowsChanged: 9, eventsDeleted: 1, filesDeleted: 1 } };
    fireEvent.change(box, { target: { value: 'ERASE' } });
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Party orders' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ email: 'lakshmi@example.com', confirmation: 'ERASE' });
  });
});
