import { QueryClientProvider, type QueryClient } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminTicketTypesResponse } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { settingsQuery } from '../api/settings';
import { TicketTypesSection } from './ticket-types-section';

beforeAll(prepareJsdomForAntd);
// A busy machine renders antd's forms slowly: waiting for the API's answers allows for it.
configure({ asyncUtilTimeout: 10_000 });

const TYPES: AdminTicketTypesResponse = {
  timeZone: 'America/Los_Angeles',
  types: [
    {
      id: 1,
      builtIn: 'adult',
      name: 'Adult',
      description: 'Ages 13 and up',
      price: 4999,
      seats: 1,
      capacity: null,
      salesStart: null,
      salesEnd: null,
      priceSteps: [],
      hidden: false,
      taken: 40,
    },
    {
      id: 2,
      builtIn: 'child',
      name: 'Child',
      description: 'Ages 5–12 (under 5 free)',
      price: 1999,
      seats: 1,
      capacity: null,
      salesStart: null,
      salesEnd: null,
      priceSteps: [],
      hidden: false,
      taken: 0,
    },
    {
      id: 5,
      builtIn: null,
      name: 'Late Night',
      description: 'After 10 PM.',
      price: 1500,
      seats: 1,
      capacity: 50,
      salesStart: '2026-10-01T16:00:00.000Z',
      salesEnd: null,
      priceSteps: [],
      hidden: true,
      taken: 3,
    },
    {
      id: 6,
      builtIn: null,
      name: 'Sparkler Pass',
      description: '',
      price: 500,
      seats: 1,
      capacity: null,
      salesStart: null,
      salesEnd: null,
      priceSteps: [],
      hidden: false,
      taken: 0,
    },
  ],
};

/** A saved type as the section sends it back unchanged. */
const unchanged = ({ taken: _taken, builtIn: _builtIn, salesStart, ...type }: AdminTicketTypesResponse['types'][number]) => ({
  ...type,
  salesStart: salesStart && '2026-10-01T09:00:00-07:00',
});

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}
let calls: Call[];
let saveAnswer: (call: Call) => { status: number; body: unknown };
let queryClient: QueryClient;

beforeEach(() => {
  calls = [];
  saveAnswer = () => ({ status: 200, body: TYPES });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = call.method === 'GET' && url === '/api/admin/ticket-types' ? { status: 200, body: TYPES } : saveAnswer(call);
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

async function renderLoaded() {
  queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AdminThemeProvider>
        <TicketTypesSection />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(field('Ticket type 1 name').value).toBe('Adult'));
}

const saves = () => calls.filter((call) => call.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// By label and text rather than by role: a role query weighs every button of this long form.
const button = (label: string) => screen.getByLabelText(label) as HTMLButtonElement;
const buttonByText = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
const save = () => fireEvent.click(buttonByText('Save ticket types'));
const shown = (label: string) => screen.getByLabelText(label).getAttribute('aria-checked');

describe('the Ticket types section', () => {
  it('shows the built-in types read-only at their prices, and what each type sold or holds', async () => {
    await renderLoaded();
    expect(field('Ticket type 1 name').readOnly).toBe(true);
    expect(field('Ticket type 1 description').readOnly).toBe(true);
    expect(field('Ticket type 1 description').value).toBe('Ages 13 and up');
    expect(field('Ticket type 1 price').value).toBe('49.99');
    expect(field('Ticket type 1 seats per ticket').disabled).toBe(true);
    expect(field('Ticket type 2 name').value).toBe('Child');
    expect(field('Ticket type 2 name').readOnly).toBe(true);
    expect(field('Ticket type 2 price').value).toBe('19.99');

    expect(field('Ticket type 3 name').readOnly).toBe(false);
    expect(field('Ticket type 3 price').value).toBe('15.00');
    expect(field('Ticket type 3 capacity').value).toBe('50');
    expect(field('Ticket type 3 sales start').value).toBe('2026-10-01T09:00');
    expect(field('Ticket type 3 sales end').value).toBe('');
    expect(shown('Ticket type 3 shown')).toBe('false');
    expect(screen.getByLabelText('Ticket type 1 sold or held').textContent).toBe('40 sold or held');
    expect(screen.getByLabelText('Ticket type 3 sold or held').textContent).toBe('3 sold or held');
    expect(field('Ticket type 4 capacity').value).toBe('');

    // Built in, or with tickets sold or held: hidden instead of removed.
    expect(button('Remove ticket type 1').disabled).toBe(true);
    expect(button('Remove ticket type 2').disabled).toBe(true);
    expect(button('Remove ticket type 3').disabled).toBe(true);
    expect(within(screen.getByLabelText('Ticket type 2')).getByText('Built in: hide it instead of removing it')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Ticket type 3')).getByText('Tickets are sold or held: hide it instead of removing it'),
    ).toBeTruthy();
    expect(button('Remove ticket type 4').disabled).toBe(false);
  });

  it('saves the whole list: a new VIP Table for 8, an early-bird price on Adult, in cents and the event’s zone; says Ticket types saved', async () => {
    await renderLoaded();
    queryClient.setQueryData(settingsQuery.queryKey, {} as never);
    fill('Ticket type 1 price', '54.99');
    fireEvent.click(button('Add early-bird price to ticket type 1'));
    fill('Ticket type 1 early-bird 1 price', '39.99');
    fill('Ticket type 1 early-bird 1 until', '2026-09-01T10:00');
    fireEvent.click(button('Remove ticket type 4'));
    fireEvent.click(buttonByText('Add ticket type'));
    fill('Ticket type 4 name', ' VIP Table ');
    fill('Ticket type 4 description', 'A table for 8 by the stage.');
    fill('Ticket type 4 price', '800');
    fill('Ticket type 4 seats per ticket', '8');
    fill('Ticket type 4 capacity', '2');
    fill('Ticket type 4 sales end', '2026-11-07T23:30');
    fireEvent.click(button('Move ticket type 4 up'));
    save();

    expect(await screen.findByText('Ticket types saved')).toBeTruthy();
    expect(saves()).toEqual([
      {
        url: '/api/admin/ticket-types',
        method: 'PUT',
        body: {
          types: [
            { ...unchanged(TYPES.types[0]), price: 5499, priceSteps: [{ until: '2026-09-01T10:00:00-07:00', price: 3999 }] },
            unchanged(TYPES.types[1]),
            {
              name: 'VIP Table',
              description: 'A table for 8 by the stage.',
              price: 80000,
              seats: 8,
              capacity: 2,
              salesStart: null,
              salesEnd: '2026-11-07T23:30:00-08:00',
              priceSteps: [],
              hidden: false,
            },
            unchanged(TYPES.types[2]),
          ],
        },
      },
    ]);
    // Adult's and Child's prices are the Tickets section's: the settings are read again.
    await waitFor(() => expect(queryClient.getQueryState(settingsQuery.queryKey)?.isInvalidated).toBe(true));
  });

  it('checks the list with the route’s schema before sending', async () => {
    await renderLoaded();
    fireEvent.click(buttonByText('Add ticket type'));
    fill('Ticket type 5 name', 'late night');
    fill('Ticket type 5 price', '10');
    fireEvent.click(button('Add early-bird price to ticket type 3'));
    fill('Ticket type 3 early-bird 1 price', '12');
    fill('Ticket type 3 early-bird 1 until', '2026-09-01T10:00');
    fireEvent.click(button('Add early-bird price to ticket type 3'));
    fill('Ticket type 3 early-bird 2 price', '13');
    fill('Ticket type 3 early-bird 2 until', '2026-08-01T10:00');
    save();
    const duplicate = await screen.findByText('Two ticket types are called late night');
    expect(duplicate.closest('.ant-form-item')?.querySelector('input')?.getAttribute('aria-label')).toBe('Ticket type 5 name');
    const order = screen.getByText('Early-bird prices must end one after the other');
    expect(order.closest('.ant-form-item')?.querySelector('input')?.getAttribute('aria-label')).toBe('Ticket type 3 early-bird 2 until');
    expect(saves()).toEqual([]);
  });

  it('keeps a capacity from going below what the type sold or holds', async () => {
    await renderLoaded();
    fill('Ticket type 3 capacity', '2');
    save();
    expect(await screen.findByText('3 tickets are sold or held: the capacity cannot go below that')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('shows the server’s message when it refuses the list', async () => {
    saveAnswer = () => ({ status: 409, body: { message: 'Late Night: capacity cannot be below the 3 tickets already sold or held' } });
    await renderLoaded();
    save();
    const toast = await screen.findByText('Ticket types not saved');
    expect(
      within(toast.closest('.ant-notification-notice') as HTMLElement).getByText(
        'Late Night: capacity cannot be below the 3 tickets already sold or held',
      ),
    ).toBeTruthy();
    expect(saves()).toHaveLength(1);
  });

  it('shows a field’s refusal beside it', async () => {
    saveAnswer = () => ({ status: 400, body: { message: 'types.3.name: Name cannot be longer than 60 characters' } });
    await renderLoaded();
    save();
    const text = await screen.findByText('Name cannot be longer than 60 characters');
    expect(text.closest('.ant-form-item')?.querySelector('input')?.getAttribute('aria-label')).toBe('Ticket type 4 name');
  });
});
