import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FeastPacksSettings } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { FeastPacksSection } from './feast-packs-section';

beforeAll(prepareJsdomForAntd);
// A busy machine renders antd's forms slowly: waiting for the API's answers allows for it.
configure({ asyncUtilTimeout: 10_000 });

const SETTINGS: FeastPacksSettings = {
  open: true,
  packs: [
    { id: 'p1', name: 'Vegetarian Feast Pack', description: 'Curries, biryani and sweets.', price: 3999, vegetarian: true, hidden: false },
    { id: 'p2', name: 'Non-Vegetarian Feast Pack', description: 'Chicken and goat curries.', price: 4999, vegetarian: false, hidden: true },
  ],
  slots: [
    { id: 's1', date: '2026-11-07', time: '11:00', capacity: 40, sold: 12 },
    { id: 's2', date: '2026-11-07', time: '13:30', capacity: 30, sold: 0 },
  ],
};

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}
let calls: Call[];
let saveAnswer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  saveAnswer = () => ({ status: 200, body: { open: true, taxRateBasisPoints: 925, packs: [], slots: [] } });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = call.method === 'GET' && url === '/api/admin/feast-packs' ? { status: 200, body: SETTINGS } : saveAnswer(call);
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <FeastPacksSection />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

const saves = () => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save feast packs' }));

async function renderLoaded() {
  renderSection();
  await waitFor(() => expect(field('Pack 1 name').value).toBe('Vegetarian Feast Pack'));
}

describe('the Feast packs section', () => {
  it('shows the packs and pickup times of the API’s answer, prices in dollars, sold read-only', async () => {
    await renderLoaded();
    expect(screen.getByRole('switch', { name: 'Pre-orders open' }).getAttribute('aria-checked')).toBe('true');
    expect(field('Pack 1 price').value).toBe('39.99');
    expect(field('Pack 1 description').value).toBe('Curries, biryani and sweets.');
    expect(screen.getByRole('switch', { name: 'Pack 1 vegetarian' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Pack 1 shown' }).getAttribute('aria-checked')).toBe('true');
    expect(field('Pack 2 name').value).toBe('Non-Vegetarian Feast Pack');
    expect(field('Pack 2 price').value).toBe('49.99');
    expect(screen.getByRole('switch', { name: 'Pack 2 vegetarian' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Pack 2 shown' }).getAttribute('aria-checked')).toBe('false');

    expect(field('Pickup time 1 date').value).toBe('2026-11-07');
    expect(field('Pickup time 1 time').value).toBe('11:00');
    expect(field('Pickup time 1 capacity').value).toBe('40');
    expect(screen.getByLabelText('Pickup time 1 sold').textContent).toBe('12 sold');
    // Orders are booked for the first: it cannot be removed; the second can.
    expect((screen.getByRole('button', { name: 'Remove pickup time 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove pickup time 2' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves the whole section: dollars sent as cents, a new pack without an id, in the order shown; says Feast packs saved', async () => {
    await renderLoaded();
    fill('Pack 1 price', '42.50');
    fireEvent.click(screen.getByRole('switch', { name: 'Pack 2 shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move pack 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add pack' }));
    fill('Pack 3 name', ' Sweets Box ');
    fill('Pack 3 price', '12.3');
    fireEvent.click(screen.getByRole('switch', { name: 'Pack 3 vegetarian' }));
    save();

    expect(await screen.findByText('Feast packs saved')).toBeTruthy();
    expect(saves()).toEqual([
      {
        url: '/api/admin/feast-packs',
        method: 'PUT',
        body: {
          open: true,
          packs: [
            {
              id: 'p2',
              name: 'Non-Vegetarian Feast Pack',
              description: 'Chicken and goat curries.',
              price: 4999,
              vegetarian: false,
              hidden: false,
            },
            {
              id: 'p1',
              name: 'Vegetarian Feast Pack',
              description: 'Curries, biryani and sweets.',
              price: 4250,
              vegetarian: true,
              hidden: false,
            },
            { name: 'Sweets Box', description: '', price: 1230, vegetarian: true, hidden: false },
          ],
          slots: [
            { id: 's1', date: '2026-11-07', time: '11:00', capacity: 40 },
            { id: 's2', date: '2026-11-07', time: '13:30', capacity: 30 },
          ],
        },
      },
    ]);
  });

  it('saves the pickup times without the one removed, a new one without an id', async () => {
    await renderLoaded();
    fireEvent.click(screen.getByRole('switch', { name: 'Pre-orders open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove pickup time 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add pickup time' }));
    fill('Pickup time 2 date', '2026-11-08');
    fill('Pickup time 2 time', '12:00');
    fill('Pickup time 2 capacity', '25');
    save();

    expect(await screen.findByText('Feast packs saved')).toBeTruthy();
    expect(saves()[0].body).toEqual({
      open: false,
      packs: SETTINGS.packs.map(({ id, name, description, price, vegetarian, hidden }) => ({
        id,
        name,
        description,
        price,
        vegetarian,
        hidden,
      })),
      slots: [
        { id: 's1', date: '2026-11-07', time: '11:00', capacity: 40 },
        { date: '2026-11-08', time: '12:00', capacity: 25 },
      ],
    });
  });

  it('checks the section with the route’s schema before sending', async () => {
    await renderLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Add pickup time' }));
    fill('Pickup time 3 date', '2026-11-07');
    fill('Pickup time 3 time', '11:00');
    fill('Pickup time 3 capacity', '10');
    save();
    expect(await screen.findByText('The pickup time 2026-11-07 11:00 is listed twice')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('keeps a capacity from going below what the pickup time sold', async () => {
    await renderLoaded();
    fill('Pickup time 1 capacity', '5');
    save();
    expect(await screen.findByText('12 packs are sold: the capacity cannot go below that')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('shows the server’s message when it refuses the section', async () => {
    saveAnswer = () => ({ status: 409, body: { message: 'The pickup time 2026-11-07 11:00 has orders: it cannot be removed' } });
    await renderLoaded();
    save();
    const toast = await screen.findByText('Feast packs not saved');
    expect(within(toast.closest('.ant-notification-notice') as HTMLElement).getByText(/has orders: it cannot be removed/)).toBeTruthy();
    expect(saves()).toHaveLength(1);
  });

  it('shows a field’s refusal beside it', async () => {
    saveAnswer = () => ({ status: 400, body: { message: 'packs.0.name: A pack name is at most 80 characters' } });
    await renderLoaded();
    save();
    const text = await screen.findByText('A pack name is at most 80 characters');
    expect(text.closest('.ant-form-item')?.querySelector('input')?.getAttribute('aria-label')).toBe('Pack 1 name');
  });
});
