import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MealSettings } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { MealsSection } from './meals-section';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

interface Call {
  url: string;
  method: string;
  body?: unknown;
}
let calls: Call[];
let stored: MealSettings;
let saveAnswer: (body: unknown) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  stored = { options: [], allergens: [], choicesCloseAt: null };
  saveAnswer = (body) => ({ status: 200, body });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = call.method === 'GET' ? { status: 200, body: stored } : saveAnswer(call.body);
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AdminThemeProvider>
          <MealsSection timeZone="America/Los_Angeles" />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const puts = () => calls.filter((call) => call.method === 'PUT');

describe('the settings’ Meals section', () => {
  it('saves the meal options and allergens one per line with PUT /api/admin/settings/meals', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Meals' });
    const options = await within(section).findByLabelText('Meal options');
    fireEvent.change(options, { target: { value: 'Vegetarian\n Non-vegetarian \n\nJain' } });
    fireEvent.change(within(section).getByLabelText('Allergens'), { target: { value: 'peanuts\ndairy' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      url: '/api/admin/settings/meals',
      method: 'PUT',
      body: { options: ['Vegetarian', 'Non-vegetarian', 'Jain'], allergens: ['peanuts', 'dairy'], choicesCloseAt: null },
    });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Kitchen Counts' }).getAttribute('href')).toBe('/admin/kitchen');
  });

  it('shows the saved section, and a refusal beside its list without sending a duplicate', async () => {
    stored = { options: ['Vegetarian', 'Jain'], allergens: ['gluten'], choicesCloseAt: null };
    renderSection();
    const section = await screen.findByRole('region', { name: 'Meals' });
    const options = (await within(section).findByLabelText('Meal options')) as HTMLTextAreaElement;
    await waitFor(() => expect(options.value).toBe('Vegetarian\nJain'));
    fireEvent.change(options, { target: { value: 'Vegetarian\nvegetarian' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Meal option vegetarian is listed twice')).toBeTruthy();
    expect(puts()).toEqual([]);
  });
});
