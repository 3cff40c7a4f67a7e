import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { FESTIVAL_TEMPLATE } from '../lib/festival-template';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { CreateCampaignDialog } from './create-campaign-dialog';

beforeAll(prepareJsdomForAntd);

function respond(status: number, body: unknown) {
  const fetchMock = jest.fn().mockResolvedValue({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderDialog() {
  act(() => {
    useCampaignDraftStore.getState().reset();
    useCampaignDraftStore.getState().openDialog();
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <CreateCampaignDialog />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the Create Email Campaign dialog', () => {
  it('starts with the festival template and asks for the missing fields', async () => {
    const fetchMock = respond(200, {});
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create Email Campaign' })).toBeTruthy();
    expect((screen.getByLabelText('Email Content (HTML)') as HTMLTextAreaElement).value).toBe(FESTIVAL_TEMPLATE);
    fill('Campaign Name', 'Diwali');
    fill('Email Subject', 'Happy Diwali');
    fill('Recipients (one email per line)', 'no address here');
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Missing fields')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields and add at least one email address.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/campaigns')).toHaveLength(0);
  });

  it('creates the campaign, then closes and starts a fresh draft', async () => {
    const fetchMock = respond(201, { id: 'c1', name: 'Diwali', recipientEmails: ['a@example.com', 'b@example.com'] });
    renderDialog();
    fill('Campaign Name', ' Diwali ');
    fill('Email Subject', 'Happy Diwali');
    fill('Email Content (HTML)', '<p>Hi</p>');
    fill('Recipients (one email per line)', 'a@example.com\n\nA@example.com\nb@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/campaigns');
    expect(JSON.parse(create![1].body as string)).toEqual({
      name: 'Diwali',
      subject: 'Happy Diwali',
      content: '<p>Hi</p>',
      recipientEmails: ['a@example.com', 'b@example.com'],
    });
    await waitFor(() =>
      expect(useCampaignDraftStore.getState()).toMatchObject({ dialogOpen: false, name: '', content: FESTIVAL_TEMPLATE }),
    );
  });

  it("shows the server's message when the create fails, and keeps the draft", async () => {
    respond(400, { message: 'recipientEmails.0: Not a valid e-mail address: john@' });
    renderDialog();
    fill('Campaign Name', 'Diwali');
    fill('Email Subject', 'Happy Diwali');
    fill('Recipients (one email per line)', 'john@');
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('recipientEmails.0: Not a valid e-mail address: john@')).toBeTruthy();
    expect(useCampaignDraftStore.getState()).toMatchObject({ dialogOpen: true, name: 'Diwali' });
  });
});
