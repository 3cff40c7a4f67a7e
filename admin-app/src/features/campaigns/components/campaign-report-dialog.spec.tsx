import { QueryClientProvider } from '@festival/query';
import { render, screen, within } from '@testing-library/react';
import type { Campaign, CampaignRecipientReport } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { CampaignReportDialog } from './campaign-report-dialog';

beforeAll(prepareJsdomForAntd);

const CAMPAIGN: Campaign = {
  id: 'c1',
  name: 'Diwali news',
  subject: 'Happy Diwali',
  content: '<p>Hi</p>',
  recipientEmails: ['asha@example.com', 'leaving@example.com', 'gone@example.com', 'full@example.com'],
  status: 'sent',
  failureReason: null,
  progress: { total: 4, pending: 0, sent: 1, failed: 1, skipped: 2 },
  createdAt: '2026-11-01T10:00:00.000Z',
  startedAt: '2026-11-01T10:01:00.000Z',
  finishedAt: '2026-11-01T10:02:00.000Z',
};

const REPORT: CampaignRecipientReport[] = [
  { email: 'asha@example.com', status: 'sent', reason: null },
  { email: 'leaving@example.com', status: 'skipped', reason: 'unsubscribed' },
  { email: 'gone@example.com', status: 'skipped', reason: 'bounced' },
  { email: 'full@example.com', status: 'failed', reason: '552 Mailbox full' },
];

describe("a campaign's report", () => {
  it('lists each recipient with what became of it and why', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify(REPORT) });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdminThemeProvider>
          <CampaignReportDialog campaign={CAMPAIGN} onClose={() => undefined} />
        </AdminThemeProvider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report: Diwali news' });
    const row = async (email: string) => (await within(dialog).findByText(email)).closest('tr')!;
    expect((await row('asha@example.com')).textContent).toContain('Sent');
    expect((await row('leaving@example.com')).textContent).toContain('Skipped: unsubscribed');
    expect((await row('gone@example.com')).textContent).toContain('Skipped: bounced');
    expect((await row('full@example.com')).textContent).toContain('Failed: 552 Mailbox full');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/campaigns/c1/recipients');
  });
});
