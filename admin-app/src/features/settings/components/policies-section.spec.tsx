import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminPolicies, AdminPolicy, PolicyKind } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { PoliciesSection } from './policies-section';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

interface Call {
  url: string;
  method: string;
  body?: unknown;
}
let calls: Call[];
let stored: AdminPolicies;
let saveAnswer: (kind: PolicyKind, body: { markdown: string }) => { status: number; body: unknown };

const policy = (kind: PolicyKind, title: string, markdown: string, version: number, savedAt: string, isDefault = false): AdminPolicy => ({
  kind,
  title,
  markdown,
  html: `<p>${markdown}</p>`,
  version,
  savedAt,
  isDefault,
});

beforeEach(() => {
  calls = [];
  stored = {
    privacy: policy('privacy', 'Privacy policy', 'We collect little.', 1, '2026-11-02T18:00:00.000Z', true),
    terms: policy('terms', 'Ticket terms', 'Tickets are final.', 3, '2026-11-20T09:30:00.000Z'),
  };
  saveAnswer = (kind, body) => {
    const before = stored[kind];
    stored = {
      ...stored,
      [kind]: { ...before, markdown: body.markdown, version: before.version + 1, savedAt: '2026-11-28T08:00:00.000Z', isDefault: false },
    };
    return { status: 200, body: stored[kind] };
  };
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const kind = url.split('/').pop() as PolicyKind;
    const { status, body } = call.method === 'GET' ? { status: 200, body: stored } : saveAnswer(kind, call.body as { markdown: string });
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AdminThemeProvider>
          <PoliciesSection timeZone="America/Los_Angeles" />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const puts = () => calls.filter((call) => call.method === 'PUT');

describe('the settings’ Policies section', () => {
  it('shows each policy’s Markdown with its version and date, and links its page', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Policies' });
    const privacy = (await within(section).findByLabelText('Privacy policy')) as HTMLTextAreaElement;
    await waitFor(() => expect(privacy.value).toBe('We collect little.'));
    expect((within(section).getByLabelText('Ticket terms') as HTMLTextAreaElement).value).toBe('Tickets are final.');
    expect(within(section).getByText('Version 1 · Effective November 2, 2026 (the default text)')).toBeTruthy();
    expect(within(section).getByText('Version 3 · Effective November 20, 2026')).toBeTruthy();
    expect(within(section).getByRole('link', { name: '/privacy' }).getAttribute('href')).toBe('/privacy');
    expect(within(section).getByRole('link', { name: '/terms' }).getAttribute('href')).toBe('/terms');
  });

  it('saves the privacy policy with PUT /api/admin/policies/privacy and shows its new version', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Policies' });
    const privacy = (await within(section).findByLabelText('Privacy policy')) as HTMLTextAreaElement;
    await waitFor(() => expect(privacy.value).toBe('We collect little.'));
    fireEvent.change(privacy, { target: { value: '## Data\n\n<script>alert(1)</script>' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save privacy policy' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      url: '/api/admin/policies/privacy',
      method: 'PUT',
      body: { markdown: '## Data\n\n<script>alert(1)</script>' },
    });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(await within(section).findByText('Version 2 · Effective November 28, 2026')).toBeTruthy();
  });

  it("dates a policy by the restaurant's day: saved at 9 PM in California, it took effect that day, not the next (UTC's)", async () => {
    stored = { ...stored, terms: { ...stored.terms, savedAt: '2026-11-21T05:00:00.000Z' } };
    renderSection();
    const section = await screen.findByRole('region', { name: 'Policies' });
    expect(await within(section).findByText('Version 3 · Effective November 20, 2026')).toBeTruthy();
  });

  it('refuses an empty text beside the field without sending it', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Policies' });
    const terms = (await within(section).findByLabelText('Ticket terms')) as HTMLTextAreaElement;
    await waitFor(() => expect(terms.value).toBe('Tickets are final.'));
    fireEvent.change(terms, { target: { value: '   ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save ticket terms' }));
    expect(await within(section).findByText('The policy text is required')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('shows the server’s refusal beside the field', async () => {
    saveAnswer = () => ({ status: 400, body: { message: 'markdown: The policy text cannot be longer than 50,000 characters' } });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Policies' });
    const terms = (await within(section).findByLabelText('Ticket terms')) as HTMLTextAreaElement;
    await waitFor(() => expect(terms.value).toBe('Tickets are final.'));
    fireEvent.change(terms, { target: { value: 'New terms.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save ticket terms' }));
    expect(await within(section).findByText('The policy text cannot be longer than 50,000 characters')).toBeTruthy();
  });
});
