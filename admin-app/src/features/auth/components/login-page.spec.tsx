import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@festival/router';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { LoginPage } from './login-page';

beforeAll(prepareJsdomForAntd);

const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) });

function renderLogin(fetchImpl: jest.Mock) {
  globalThis.fetch = fetchImpl as unknown as typeof fetch;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <MemoryRouter initialEntries={['/admin/login']}>
          <Routes>
            <Route path="/admin/login" element={<LoginPage />} />
            <Route path="/admin" element={<p>The dashboard</p>} />
          </Routes>
        </MemoryRouter>
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
  return { password: screen.getByLabelText('Password') as HTMLInputElement, login: screen.getByRole('button', { name: 'Login' }) };
}

describe('Admin Access', () => {
  it('keeps Login disabled while the password is empty', () => {
    const { password, login } = renderLogin(jest.fn());
    expect(login).toHaveProperty('disabled', true);
    fireEvent.change(password, { target: { value: 'x' } });
    expect(login).toHaveProperty('disabled', false);
    fireEvent.change(password, { target: { value: '' } });
    expect(login).toHaveProperty('disabled', true);
  });

  it('reads Authenticating... and stays disabled while pending, then opens the dashboard', async () => {
    let finish: (value: unknown) => void = () => {};
    const fetchMock = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const { password } = renderLogin(fetchMock);
    fireEvent.change(password, { target: { value: 'the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const pending = await screen.findByRole('button', { name: 'Authenticating...' });
    expect(pending).toHaveProperty('disabled', true);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/login',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"password":"the-password"}' }),
    );
    finish(answer(200, { authenticated: true }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });

  it('says Access Denied / Incorrect password and clears the field on a wrong password', async () => {
    const { password } = renderLogin(jest.fn().mockResolvedValue(answer(401, { message: 'Incorrect password' })));
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('Incorrect password')).toBeTruthy();
    await waitFor(() => expect(password.value).toBe(''));
    expect(screen.queryByText('The dashboard')).toBeNull();
  });

  it('says Error / Failed to authenticate when the server cannot be reached, keeping the password', async () => {
    const { password } = renderLogin(jest.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    fireEvent.change(password, { target: { value: 'the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Failed to authenticate')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(password.value).toBe('the-password');
  });

  it("shows the server's message when login is rate-limited", async () => {
    const message = 'Too many login attempts. Please wait 15 minutes and try again.';
    const { password } = renderLogin(jest.fn().mockResolvedValue(answer(429, { message })));
    fireEvent.change(password, { target: { value: 'the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
