import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { DashboardHeader } from './dashboard-header';

beforeAll(prepareJsdomForAntd);

function renderHeader(failedEmails: number | undefined) {
  render(
    <MemoryRouter>
      <AdminThemeProvider>
        <DashboardHeader feastOrders={3} partyTickets={12} failedEmails={failedEmails} refreshing={false} onRefresh={() => {}} />
      </AdminThemeProvider>
    </MemoryRouter>,
  );
}

describe('the dashboard header', () => {
  it('counts the ticket orders whose confirmation e-mail failed beside the order counts', () => {
    renderHeader(2);
    expect(screen.getByRole('status', { name: 'Feast Orders: 3' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Party Tickets: 12' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Failed e-mails: 2' }).textContent).toBe('Failed e-mails2');
  });

  it('shows no failed e-mails count while there are none', () => {
    renderHeader(0);
    expect(screen.queryByRole('status', { name: /^Failed e-mails/ })).toBeNull();
  });

  it('shows none while the tickets are loading', () => {
    renderHeader(undefined);
    expect(screen.queryByRole('status', { name: /^Failed e-mails/ })).toBeNull();
  });

  it('shows how many wait on the party’s waitlist', () => {
    render(
      <MemoryRouter>
        <AdminThemeProvider>
          <DashboardHeader feastOrders={3} partyTickets={12} waitlist={4} refreshing={false} onRefresh={() => {}} />
        </AdminThemeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status', { name: 'Waitlist: 4' }).textContent).toBe('Waitlist4');
  });
});
