import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { KitchenCounts } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { KitchenPage } from './kitchen-page';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

const COUNTS: KitchenCounts = {
  meals: [
    { option: 'Vegetarian', count: 12, late: 0 },
    { option: 'Non-vegetarian', count: 7, late: 1 },
    { option: 'Jain', count: 2, late: 0 },
    { option: 'Not chosen', count: 4, late: 0 },
  ],
  allergies: [
    {
      orderId: '3f2a9c1e-7b4d-4e8a-9c2b-1d5e6f7a8b9c',
      reference: '3F2A9C1E',
      seat: 1,
      guest: 'Asha',
      meal: 'Jain',
      allergens: ['peanuts', 'dairy'],
      note: 'No onion or garlic',
      late: false,
    },
    {
      orderId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
      reference: '9C8B7A6F',
      seat: 2,
      guest: 'Ravi Iyer, seat 2',
      meal: 'Non-vegetarian',
      allergens: ['shellfish'],
      note: null,
      late: true,
    },
  ],
  tables: [
    {
      orderId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
      reference: '9C8B7A6F',
      buyer: 'Ravi Iyer',
      ticket: 'VIP Table',
      seats: 8,
      meals: [
        { option: 'Vegetarian', count: 5 },
        { option: 'Non-vegetarian', count: 2 },
        { option: 'Not chosen', count: 1 },
      ],
    },
  ],
  seats: 25,
  choicesCloseAt: null,
};

let answer: { status: number; body: unknown };
let urls: string[];

beforeEach(() => {
  urls = [];
  answer = { status: 200, body: COUNTS };
  globalThis.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    return { ok: answer.status < 400, status: answer.status, statusText: '', text: async () => JSON.stringify(answer.body) };
  }) as unknown as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/kitchen']}>
        <AdminThemeProvider>
          <KitchenPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.trim());

describe('the Kitchen Counts page', () => {
  it('counts the guests per meal with the late ones and the total, read from GET /api/admin/kitchen', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Counts' })).toBeTruthy();
    const meals = await screen.findByRole('region', { name: 'Meals' });
    await within(meals).findByText('Vegetarian');
    const rows = within(meals).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Vegetarian', '12', '0'],
      ['Non-vegetarian', '7', '1'],
      ['Jain', '2', '0'],
      ['Not chosen', '4', '0'],
      ['Total', '25', ''],
    ]);
    expect(urls).toContain('/api/admin/kitchen');
  });

  it('lists each guest with an allergy or a note: guest, meal, allergens, note and the order’s reference, late ones marked', async () => {
    renderPage();
    const allergies = await screen.findByRole('region', { name: 'Allergies and dietary needs' });
    await within(allergies).findByText('Asha');
    const rows = within(allergies).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Asha', 'Jain', 'peanuts, dairy', 'No onion or garlic', '3F2A9C1E'],
      ['Ravi Iyer, seat 2', 'Non-vegetarian', 'shellfish', '—', '9C8B7A6F Late'],
    ]);
  });

  it('totals the meals of each table sold: order, buyer, ticket, seats and its meals', async () => {
    renderPage();
    const tables = await screen.findByRole('region', { name: 'Tables' });
    await within(tables).findByText('VIP Table');
    expect(within(tables).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['9C8B7A6F', 'Ravi Iyer', 'VIP Table', '8', '5 Vegetarian, 2 Non-vegetarian, 1 Not chosen'],
    ]);
  });

  it('prints for the kitchen', async () => {
    const print = jest.fn();
    window.print = print;
    renderPage();
    await screen.findByText('Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Print for the kitchen' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the event asks no meals', async () => {
    answer = { status: 200, body: { meals: [], allergies: [], tables: [], seats: 0, choicesCloseAt: null } satisfies KitchenCounts };
    renderPage();
    expect(await screen.findByText('This event asks no meals: the manager adds meal options in Settings.')).toBeTruthy();
    // Without tables sold there is no Tables list.
    expect(screen.queryByRole('region', { name: 'Tables' })).toBeNull();
  });

  it('shows an error when the counts cannot be read', async () => {
    answer = { status: 403, body: { message: 'Forbidden' } };
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
