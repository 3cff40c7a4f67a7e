import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import App from './app';

// The release name comes from the build (import.meta): the landing page's own spec stands it in too.
jest.mock('../features/landing/lib/release', () => ({ RELEASE: 'test' }));

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };
const json = (status: number, body: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});

beforeEach(() => {
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/party-ticket-stats') return json(200, { remaining: 40 });
    if (url === '/api/my-tickets') return json(401, { message: 'Sign in with the link we e-mailed you' });
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

describe('Find my tickets on the party page', () => {
  it('sits below the purchase card and leads to /my-tickets', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/diwali-party']}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const purchase = await screen.findByRole('heading', { name: 'Select your tickets' });
    const link = await screen.findByRole('link', { name: 'Find my tickets' });
    expect(link.getAttribute('href')).toBe('/my-tickets');
    expect(purchase.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Already have tickets?' })).toBeTruthy();

    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeTruthy();
  });
});
