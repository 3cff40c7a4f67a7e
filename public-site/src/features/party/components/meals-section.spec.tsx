import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, type MealChoices, type PublicTicketType, type SiteConfig } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { PartyPage } from './party-page';

interface Call {
  url: string;
  body?: Record<string, unknown>;
}

const MEALS: MealChoices = {
  options: ['Vegetarian', 'Non-vegetarian', 'Jain'],
  allergens: ['peanuts', 'tree nuts', 'dairy'],
  choicesCloseAt: null,
};

const TYPES: PublicTicketType[] = [
  { id: 1, builtIn: 'adult', name: 'Adult', description: 'Ages 10 and over', price: 4999, seats: 1, remaining: 150, onSale: true },
  { id: 2, builtIn: 'child', name: 'Child', description: 'Ages 5 to 9', price: 2999, seats: 1, remaining: 150, onSale: true },
  { id: 5, builtIn: null, name: 'Family Table', description: 'Four seats together', price: 15000, seats: 4, remaining: 3, onSale: true },
];

let calls: Call[];
let site: SiteConfig;

const json = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});

beforeEach(() => {
  calls = [];
  site = { ...DEFAULT_SITE_CONFIG, party: { ...DEFAULT_SITE_CONFIG.party, meals: MEALS } };
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    if (url === '/api/site') return json(200, site);
    if (url === '/api/party-ticket-stats') return json(200, { remaining: 150 });
    if (url === '/api/party-ticket-types') return json(200, { types: TYPES });
    // The payment step is not what these tests are about: the hold is refused, so the contact step stays.
    if (url === '/api/party-payment-intent')
      return json(400, { message: 'guests.1.meal: Choose a meal: Vegetarian, Non-vegetarian or Jain' });
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

/** One adult and one child, on to the contact step, the buyer's details typed. */
async function toContactStep() {
  renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/diwali-party']}>
        <PartyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Select your tickets' });
  fireEvent.click(screen.getByRole('button', { name: 'Increase adult tickets' }));
  fireEvent.click(screen.getByRole('button', { name: 'Increase child tickets' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Asha' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Raman' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4085550101' } });
}

const submit = () => fireEvent.submit(screen.getByLabelText('Phone').closest('form')!);
const intents = () => calls.filter((call) => call.url === '/api/party-payment-intent');

describe('the contact step’s Meals section', () => {
  it('asks one row per seat, children included: Guest name, Meal, the allergens and Other dietary needs', async () => {
    await toContactStep();
    const meals = screen.getByRole('region', { name: 'Meals' });
    const rows = within(meals).getAllByRole('group', { name: /^Guest \d$/ });
    expect(rows.map((row) => row.querySelector('legend')?.textContent)).toEqual(['Guest 1', 'Guest 2']);
    const first = rows[0];
    expect(within(first).getByLabelText('Guest name')).toBeTruthy();
    const meal = within(first).getByLabelText('Meal') as HTMLSelectElement;
    expect([...meal.options].map((option) => option.textContent)).toEqual(['Choose a meal', 'Vegetarian', 'Non-vegetarian', 'Jain']);
    expect(
      within(first)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['peanuts', 'tree nuts', 'dairy']);
    expect((within(first).getByLabelText('Other dietary needs') as HTMLTextAreaElement).maxLength).toBe(200);
  });

  it('refuses to go on until every guest has a meal, saying so beside each row', async () => {
    await toContactStep();
    const rows = within(screen.getByRole('region', { name: 'Meals' })).getAllByRole('group', { name: /^Guest \d$/ });
    fireEvent.change(within(rows[0]).getByLabelText('Meal'), { target: { value: 'Jain' } });
    submit();
    expect(await within(rows[1]).findByText('Choose a meal', { selector: '.contact-form__error' })).toBeTruthy();
    expect(within(rows[0]).queryByText('Choose a meal', { selector: '.contact-form__error' })).toBeNull();
    expect(intents()).toEqual([]);
  });

  it('sends each seat’s meal, allergens, name and note as guests, and shows a refusal of the server', async () => {
    await toContactStep();
    const rows = within(screen.getByRole('region', { name: 'Meals' })).getAllByRole('group', { name: /^Guest \d$/ });
    fireEvent.change(within(rows[0]).getByLabelText('Guest name'), { target: { value: ' Asha ' } });
    fireEvent.change(within(rows[0]).getByLabelText('Meal'), { target: { value: 'Jain' } });
    fireEvent.click(within(rows[0]).getByLabelText('dairy'));
    fireEvent.click(within(rows[0]).getByLabelText('peanuts'));
    fireEvent.change(within(rows[0]).getByLabelText('Other dietary needs'), { target: { value: 'No onion' } });
    fireEvent.change(within(rows[1]).getByLabelText('Meal'), { target: { value: 'Vegetarian' } });
    submit();
    await waitFor(() => expect(intents()).toHaveLength(1));
    expect(intents()[0].body).toMatchObject({
      adultTickets: 1,
      childTickets: 1,
      guests: [
        { name: 'Asha', meal: 'Jain', allergens: ['peanuts', 'dairy'], note: 'No onion' },
        { meal: 'Vegetarian', allergens: [] },
      ],
    });
    expect((await screen.findByRole('alert')).textContent).toBe('guests.1.meal: Choose a meal: Vegetarian, Non-vegetarian or Jain');
  });

  it('is not there, and the request carries no guests, when the season has no meal options', async () => {
    site = DEFAULT_SITE_CONFIG;
    await toContactStep();
    expect(screen.queryByRole('region', { name: 'Meals' })).toBeNull();
    submit();
    await waitFor(() => expect(intents()).toHaveLength(1));
    expect(intents()[0].body).not.toHaveProperty('guests');
  });

  it('keeps each seat’s meal when the guest goes back to the tickets and adds a ticket before it', async () => {
    await toContactStep();
    let rows = within(screen.getByRole('region', { name: 'Meals' })).getAllByRole('group', { name: /^Guest \d$/ });
    fireEvent.change(within(rows[0]).getByLabelText('Meal'), { target: { value: 'Jain' } });
    fireEvent.change(within(rows[1]).getByLabelText('Meal'), { target: { value: 'Vegetarian' } });
    fireEvent.click(within(rows[1]).getByLabelText('dairy'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Increase adult tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Meals' });
    rows = within(screen.getByRole('region', { name: 'Meals' })).getAllByRole('group', { name: /^Guest \d$/ });
    // The second adult comes before the child: the child keeps its meal as seat 3.
    expect(rows.map((row) => (within(row).getByLabelText('Meal') as HTMLSelectElement).value)).toEqual(['Jain', '', 'Vegetarian']);
    expect((within(rows[2]).getByLabelText('dairy') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');
  });

  it('names the table each seat of a table ticket belongs to, after the adults and children', async () => {
    site = { ...site, party: { ...site.party, sellsTicketTypes: true } };
    renderInLanguage(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/diwali-party']}>
          <PartyPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Increase Family Table tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase Family Table tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase adult tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const meals = await screen.findByRole('region', { name: 'Meals' });
    expect(
      within(meals)
        .getAllByRole('group', { name: /^Guest / })
        .map((row) => row.querySelector('legend')?.textContent),
    ).toEqual([
      'Guest 1',
      ...[2, 3, 4, 5].map((n) => `Guest ${n} · Family Table 1`),
      ...[6, 7, 8, 9].map((n) => `Guest ${n} · Family Table 2`),
    ]);
  });
});
