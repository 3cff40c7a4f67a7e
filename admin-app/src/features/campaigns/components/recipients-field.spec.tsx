import { act, fireEvent, render, screen } from '@testing-library/react';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { RecipientsField } from './recipients-field';

beforeAll(prepareJsdomForAntd);

function upload(name: string, text: string) {
  fireEvent.change(screen.getByLabelText('Recipients file'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

function renderField() {
  act(() => useCampaignDraftStore.getState().reset());
  render(
    <AdminThemeProvider>
      <label htmlFor="recipients">Recipients</label>
      <RecipientsField id="recipients" />
    </AdminThemeProvider>,
  );
}

describe('the recipients upload', () => {
  it('imports one recipient from "Doe, Jane",jane@example.com', async () => {
    renderField();
    upload('guests.csv', '"Doe, Jane",jane@example.com\n');
    expect(await screen.findByText('1 email address')).toBeTruthy();
    expect((screen.getByLabelText('Recipients') as HTMLTextAreaElement).value).toBe('jane@example.com');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes the email column of a file with a header and tells the manager which rows it skipped and why', async () => {
    renderField();
    upload('guests.csv', 'name,notes,email\n"Doe, Jane","also jane@work.example",jane@example.com\nNobody,,not-an-address\n');
    expect(await screen.findByText('1 email address')).toBeTruthy();
    expect((screen.getByLabelText('Recipients') as HTMLTextAreaElement).value).toBe('jane@example.com');
    expect(screen.getByRole('status').textContent).toBe('guests.csv: Skipped 1 row: row 3, “not-an-address” is not an email address.');
  });
});
