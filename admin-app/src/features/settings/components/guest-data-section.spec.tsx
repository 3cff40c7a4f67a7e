import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GuestDataSettings } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { GuestDataSection } from './guest-data-section';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

interface Call {
  url: string;
  method: string;
  body?: unknown;
}
let calls: Call[];
const stored: GuestDataSettings = { keepGuestDataMonths: 24 };

beforeEach(() => {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const body = call.method === 'GET' ? stored : call.body;
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <GuestDataSection />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

const puts = () => calls.filter((call) => call.method === 'PUT');

describe('the settings’ Guest data section', () => {
  it('shows Keep guest data for (24 months by default), refuses a bad value beside it, and saves a good one', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Guest data' });
    const months = (await within(section).findByLabelText('Keep guest data for')) as HTMLInputElement;
    await waitFor(() => expect(months.value).toBe('24'));

    fireEvent.change(months, { target: { value: '200' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Keep guest data for cannot be more than 120 months')).toBeTruthy();
    expect(puts()).toEqual([]);

    fireEvent.change(months, { target: { value: '12' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts()).toEqual([{ url: '/api/admin/settings/guest-data', method: 'PUT', body: { keepGuestDataMonths: 12 } }]),
    );
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });
});
