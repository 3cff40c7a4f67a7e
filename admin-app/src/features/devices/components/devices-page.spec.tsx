import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { DevicesPage } from './devices-page';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

/** The API: no devices, and `Unlock sign-ins` answering these counts in turn; returns the unlock calls made. */
function serve(...cleared: number[]) {
  const unlocks: string[] = [];
  globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    let body: unknown = [];
    if (path === '/api/admin/devices/unlock-sign-ins') {
      unlocks.push(String(init?.method));
      body = { cleared: cleared.shift() };
    }
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return unlocks;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/devices']}>
        <AdminThemeProvider>
          <DevicesPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** `Unlock sign-ins`, then `Unlock` in its confirmation. */
async function unlock() {
  fireEvent.click(await screen.findByRole('button', { name: 'Unlock sign-ins' }));
  const confirm = (await screen.findByText('Unlock sign-ins?')).closest('.ant-popover') as HTMLElement;
  expect(confirm.textContent).toContain('Phones on a network that sent too many passes that were not valid may sign in again at once.');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Unlock' }));
}

describe('the Devices page', () => {
  it('unlocks sign-ins after a confirmation and says how many networks were unlocked, or that none was locked', async () => {
    const unlocks = serve(2, 0);
    renderPage();
    await unlock();
    expect(await screen.findByText('Refused passes forgotten for 2 networks: door and bar phones there can sign in again.')).toBeTruthy();
    expect(screen.getByText('Sign-ins unlocked')).toBeTruthy();
    // Ready for another once the first has answered.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unlock sign-ins' }).className).not.toContain('ant-btn-loading'));
    await unlock();
    expect(await screen.findByText('No network had refused passes: nothing was locked.')).toBeTruthy();
    expect(unlocks).toEqual(['POST', 'POST']);
  });
});
