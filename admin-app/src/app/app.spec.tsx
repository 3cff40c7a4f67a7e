import { QueryClientProvider, useMutation, useQuery } from '@festival/query';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from '@festival/router';
import { MemoryRouter } from '@festival/router/memory';
import { apiGet, apiPost } from '@festival/web-kit/api-client';
import { createQueryClient } from '@festival/web-kit/query-client';
import { RequireStaff } from '../features/auth/components/require-staff';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import App from './app';

beforeAll(async () => {
  prepareJsdomForAntd();
  // The pages load lazily; loading their code once here keeps each test within its timeout.
  await Promise.all([import('../features/bar/components/bar-page'), import('../features/campaigns/components/campaigns-page')]);
}, 60_000);

type Answer = { status: number; body: unknown };

/** The API: each path's answer (200 with an empty list unless given). */
function serve(answers: Record<string, Answer>) {
  const fetchMock = jest.fn(async (path: string) => {
    const { status, body } = answers[path] ?? { status: 200, body: [] };
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const signedIn: Answer = { status: 200, body: { authenticated: true } };
const unauthorized: Answer = { status: 401, body: { message: 'Unauthorized' } };

function renderAdmin(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<App />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A staff page that reads a report, and one with an action. */
function StaffReport() {
  const report = useQuery({ queryKey: ['admin', 'report'], queryFn: () => apiGet<string[]>('/api/admin/report') });
  return <p>{report.data?.length ?? 'Loading'} lines</p>;
}

function StaffAction() {
  const action = useMutation({ mutationFn: () => apiPost('/api/admin/action') });
  return <button onClick={() => action.mutate()}>Do it</button>;
}

/** One staff page under the staff layout route, and a stand-in login page. */
function renderStaffPage(page: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/page']}>
        <Routes>
          <Route path="/admin/login" element={<h1>Admin Access</h1>} />
          <Route element={<RequireStaff pending={<p>Checking your session</p>} />}>
            <Route path="/admin/page" element={page} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the staff session', () => {
  it('sends /admin/bar without a session to the login, asking nothing else of the server', async () => {
    const fetchMock = serve({ '/api/admin/check': { status: 200, body: { authenticated: false } } });
    renderAdmin('/admin/bar');
    expect(await screen.findByRole('heading', { name: 'Admin Access' }, { timeout: 20_000 })).toBeTruthy();
    // Staff pages ask search engines not to index them.
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/admin/check']);
  });

  it('sends every staff page to the login when the session check fails', async () => {
    serve({ '/api/admin/check': { status: 500, body: { message: 'Internal server error' } } });
    renderAdmin('/admin/campaigns');
    expect(await screen.findByRole('heading', { name: 'Admin Access' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('lands on the login when a staff query answers 401 (the session ended on the server)', async () => {
    serve({ '/api/admin/check': signedIn, '/api/admin/bar/orders': unauthorized });
    renderAdmin('/admin/bar');
    expect(await screen.findByRole('heading', { name: 'Admin Access' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows the staff page while its calls succeed', async () => {
    serve({ '/api/admin/check': signedIn });
    renderAdmin('/admin/bar');
    expect(await screen.findByRole('heading', { name: 'Bar' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Access' })).toBeNull();
  });

  it('lands on the login when any staff query answers 401', async () => {
    serve({ '/api/admin/check': signedIn, '/api/admin/report': unauthorized });
    renderStaffPage(<StaffReport />);
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
  });

  it('lands on the login when any staff action answers 401', async () => {
    serve({ '/api/admin/check': signedIn, '/api/admin/action': unauthorized });
    renderStaffPage(<StaffAction />);
    fireEvent.click(await screen.findByRole('button', { name: 'Do it' }));
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
  });
});

describe('device sessions', () => {
  const bar: Answer = { status: 200, body: { authenticated: true, staff: { role: 'bar', name: 'Bar 1' } } };
  const door: Answer = { status: 200, body: { authenticated: true, staff: { role: 'door', name: 'Door 1' } } };

  it('shows a bar device its bar screen, with its name above it and the Complimentary Drinks tab', async () => {
    serve({ '/api/admin/check': bar });
    renderAdmin('/admin/bar');
    expect(await screen.findByRole('heading', { name: 'Bar' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('banner', { name: 'Signed-in device' }).textContent).toContain('Bar 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Complimentary Drinks' }));
    expect(await screen.findByLabelText('Ticket code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeTruthy();
  });

  it('shows a door device the feast pack pickup desk', async () => {
    serve({ '/api/admin/check': door, '/api/admin/pickups': { status: 200, body: { orders: [] } } });
    renderAdmin('/admin/pickups');
    expect(await screen.findByRole('heading', { name: 'Feast Pack Pickups' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('banner', { name: 'Signed-in device' }).textContent).toContain('Door 1');
    expect(await screen.findByText('No paid pre-orders yet.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers each device, in the staff navigation, only the pages its role opens', async () => {
    serve({ '/api/admin/check': door, '/api/admin/pickups': { status: 200, body: { orders: [] } } });
    renderAdmin('/admin/pickups');
    expect(await screen.findByRole('heading', { name: 'Feast Pack Pickups' }, { timeout: 20_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    const pages = within(nav)
      .getAllByRole('button')
      .filter((button) => button.getAttribute('aria-controls') === null);
    expect(pages.map((button) => button.textContent)).toEqual(['Door', 'Pickups', 'Kitchen']);
    expect(within(nav).getByRole('button', { name: 'Pickups' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a door device the not-allowed page on the manager’s pages, asking no manager data', async () => {
    const fetchMock = serve({ '/api/admin/check': door });
    renderAdmin('/admin/campaigns');
    expect(await screen.findByText('Not allowed', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Door 1 is signed in for the door and cannot open this page/)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/admin/check']);
  });

  it('says "This device was signed out" when a call is refused because the device was revoked', async () => {
    serve({ '/api/admin/check': bar, '/api/admin/bar/orders': { status: 401, body: { message: 'This device was signed out' } } });
    renderAdmin('/admin/bar');
    expect(await screen.findByText('This device was signed out', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Access' })).toBeNull();
  });
});
