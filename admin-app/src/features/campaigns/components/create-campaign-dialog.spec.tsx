import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { FESTIVAL_TEMPLATE } from '../lib/festival-template';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { CreateCampaignDialog } from './create-campaign-dialog';

beforeAll(prepareJsdomForAntd);

const AUDIENCE_COUNTS: Record<string, number> = { agreed: 42, 'ticket-buyers': 7, 'feast-buyers': 0 };

/** The API: each audience's count, and `status`/`body` for every other call. */
function respond(status: number, body: unknown) {
  const answer = (code: number, json: unknown) => ({
    ok: code < 300,
    status: code,
    statusText: '',
    text: async () => JSON.stringify(json),
  });
  const fetchMock = jest.fn().mockImplementation(async (url: string) => {
    const audience = /^\/api\/campaigns\/audiences\/(.+)$/.exec(url)?.[1];
    return audience
      ? answer(200, { audience, count: AUDIENCE_COUNTS[audience], suppressed: audience === 'agreed' ? 3 : 0 })
      : answer(status, body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const createCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => url === '/api/campaigns');

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
    expect(createCalls(fetchMock)).toHaveLength(0);
  });

  it('creates the campaign, then closes and starts a fresh draft', async () => {
    const fetchMock = respond(201, { id: 'c1', name: 'Diwali', recipientEmails: ['a@example.com', 'b@example.com'] });
    renderDialog();
    fill('Campaign Name', ' Diwali ');
    fill('Email Subject', 'Happy Diwali');
    fill('Email Content (HTML)', '<p>Hi</p>');
    fill('Recipients (one email per line)', 'a@example.com\n\nA@example.com\nb@example.com');
    // Typing a list chooses it as the audience.
    expect((screen.getByRole('radio', { name: 'Pasted or uploaded list' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    const [create] = createCalls(fetchMock);
    expect(JSON.parse(create[1].body as string)).toEqual({
      name: 'Diwali',
      subject: 'Happy Diwali',
      content: '<p>Hi</p>',
      audience: 'list',
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

  it('sends to everyone who agreed to news by default, showing how many before creating', async () => {
    const fetchMock = respond(201, {
      id: 'c2',
      name: 'Diwali',
      recipientEmails: Array.from({ length: 42 }, (_, i) => `g${i}@example.com`),
    });
    renderDialog();
    expect((screen.getByRole('radio', { name: 'Everyone who agreed to news' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('42 recipients (3 more on the suppression list, skipped)')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: "This season's ticket buyers who agreed" }));
    expect(await screen.findByText('7 recipients')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone who agreed to news' }));
    expect(await screen.findByText('42 recipients (3 more on the suppression list, skipped)')).toBeTruthy();
    fill('Campaign Name', 'Diwali');
    fill('Email Subject', 'Happy Diwali');
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    expect(screen.getByText('“Diwali” is saved as a draft for 42 recipients.')).toBeTruthy();
    const [create] = createCalls(fetchMock);
    expect(JSON.parse(create[1].body as string)).toEqual({
      name: 'Diwali',
      subject: 'Happy Diwali',
      content: FESTIVAL_TEMPLATE,
      audience: 'agreed',
    });
  });

  it('creates nothing for an audience nobody is in yet, and says so', async () => {
    const fetchMock = respond(201, {});
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Feast pack buyers who agreed' }));
    expect(await screen.findByText('0 recipients')).toBeTruthy();
    fill('Campaign Name', 'Feast');
    fill('Email Subject', 'Feast packs');
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('No recipients')).toBeTruthy();
    expect(createCalls(fetchMock)).toHaveLength(0);
  });
});
