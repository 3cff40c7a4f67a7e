import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import type { AdminWaitlistEntry } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { WaitlistPage } from './waitlist-page';

beforeAll(prepareJsdomForAntd);

const entry = (fields: Partial<AdminWaitlistEntry>): AdminWaitlistEntry => ({
  id: 'e1',
  position: 1,
  name: 'Meera Iyer',
  email: 'meera@example.com',
  tickets: 5,
  status: 'waiting',
  offeredTickets: null,
  offerExpiresAt: null,
  joinedAt: '2026-10-01T17:00:00.000Z',
  ...fields,
});

const LINE: AdminWaitlistEntry[] = [
  entry({}),
  entry({
    id: 'e2',
    position: 2,
    name: 'Anil Das',
    email: 'anil@example.com',
    tickets: 3,
    status: 'offered',
    offeredTickets: 3,
    offerExpiresAt: '2026-10-02T17:00:00.000Z',
  }),
  entry({ id: 'e3', position: null, name: 'Sita Rao', email: 'sita@example.com', tickets: 1, status: 'bought', offeredTickets: 1 }),
  entry({ id: 'e4', position: null, name: 'Kiran M', email: 'kiran@example.com', tickets: 2, status: 'expired', offeredTickets: 2 }),
];

interface Call {
  url: string;
  method: string;
}
let calls: Call[];
let offerAnswer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  offerAnswer = { status: 200, body: { ...LINE[0], status: 'offered' } };
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call = { url, method: init?.method ?? 'GET' };
    calls.push(call);
    const { status, body } =
      call.method === 'GET' && url === '/api/admin/waitlist'
        ? { status: 200, body: LINE }
        : call.method === 'POST'
          ? offerAnswer
          : { status: 204, body: '' };
    return { ok: status < 300, status, statusText: '', text: async () => (body === '' ? '' : JSON.stringify(body)) };
  }) as unknown as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AdminThemeProvider>
          <WaitlistPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('the Waitlist page', () => {
  it('lists position, name, e-mail, tickets and status in line order, with Offer now and Remove', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Waitlist' })).toBeTruthy();
    await screen.findByText('Meera Iyer');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Position', 'Name', 'E-mail', 'Tickets', 'Status']));
    expect(within(rowOf('Meera Iyer')).getByText('meera@example.com')).toBeTruthy();
    expect(within(rowOf('Meera Iyer')).getByText('Waiting')).toBeTruthy();
    expect(within(rowOf('Anil Das')).getByText('Offered')).toBeTruthy();
    expect(within(rowOf('Sita Rao')).getByText('Bought')).toBeTruthy();
    expect(within(rowOf('Kiran M')).getByText('Expired')).toBeTruthy();
    expect(screen.getByText('2 waiting · 8 tickets')).toBeTruthy();
    // Offer now for a waiting or expired entry, not for a live offer or a purchase.
    expect(within(rowOf('Meera Iyer')).getByRole('button', { name: 'Offer now to Meera Iyer' })).toBeTruthy();
    expect(within(rowOf('Kiran M')).getByRole('button', { name: 'Offer now to Kiran M' })).toBeTruthy();
    expect(within(rowOf('Anil Das')).queryByRole('button', { name: /Offer now/ })).toBeNull();
    expect(within(rowOf('Sita Rao')).queryByRole('button', { name: /Offer now/ })).toBeNull();
  });

  it('offers now, and says why when the seats are not free', async () => {
    offerAnswer = { status: 409, body: { message: 'Only 2 tickets free: this guest wants 5 tickets' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Offer now to Meera Iyer' }));
    expect(await screen.findByText('Only 2 tickets free: this guest wants 5 tickets')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/waitlist/e1/offer']);
  });

  it('removes an entry once confirmed', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Anil Das' }));
    expect(await screen.findByText('Their offer ends and its tickets go to the next in line.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/waitlist/e2']));
  });
});
