import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaidPartyTicketRow, PartyOrderDetails } from '@festival/contracts';
import { QueryClientProvider } from '@festival/query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { createPaidTicketRow } from '#shared/testing/factories.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { PartyTicketsSection } from './party-tickets-section';

beforeAll(prepareJsdomForAntd);

const EVENT = 'Event: Friday, October 24th, 2025 at Milpitas ICC';

function renderTickets(tickets: PaidPartyTicketRow[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <PartyTicketsSection tickets={tickets} subtitle={EVENT} restaurantName="Saffron Leaf" error={null} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

const asha = createPaidTicketRow({
  id: '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b',
  customerName: 'Asha Raman',
  customerEmail: 'asha.raman@example.com',
  customerPhone: '(408) 555-0101',
  admitted: 2,
});
const ravi = createPaidTicketRow({
  id: 'a1b2c3d4-0000-4000-8000-000000000000',
  customerName: 'Ravi Iyer',
  customerEmail: 'ravi@example.com',
  customerPhone: '(408) 555-0199',
});
const meena = createPaidTicketRow({
  id: 'c0ffee00-0000-4000-8000-000000000000',
  customerName: 'Meena Iyer',
  customerEmail: 'meena@example.com',
  customerPhone: '(650) 555-0123',
  adultTickets: 1,
  childTickets: 0,
  admitted: 1,
});

describe('Diwali Party Tickets', () => {
  it('warns of a failed confirmation e-mail beside Resend, and counts refunded tickets', () => {
    const failed = createPaidTicketRow({
      id: 'deadbeef-0000-4000-8000-000000000000',
      customerName: 'Lalitha Rao',
      emailStatus: 'failed',
      emailError: '550 mailbox unavailable',
      validTickets: 2,
    });
    renderTickets([failed, ravi]);
    expect(within(rowOf('Lalitha Rao')).getByText('E-mail failed')).toBeTruthy();
    expect(within(rowOf('Lalitha Rao')).getByRole('button', { name: 'Resend the tickets of Lalitha Rao' })).toBeTruthy();
    expect(within(rowOf('Lalitha Rao')).getByText('1 ticket refunded')).toBeTruthy();
    expect(within(rowOf('Ravi Iyer')).queryByText('E-mail failed')).toBeNull();
  });

  it('marks complimentary guests Comp at $0.00 and a door sale Cash; a card order has neither', () => {
    const comp = createPaidTicketRow({
      id: 'feedface-0000-4000-8000-000000000000',
      customerName: 'Lakshmi Iyer',
      comp: true,
      paymentMethod: 'comp',
      totalAmount: 0,
    });
    const cash = createPaidTicketRow({ id: 'cafe0000-0000-4000-8000-000000000000', customerName: 'Door sale', paymentMethod: 'cash' });
    renderTickets([comp, cash, ravi]);
    expect(within(rowOf('Lakshmi Iyer')).getByText('Comp')).toBeTruthy();
    expect(within(rowOf('Lakshmi Iyer')).getByText('$0.00')).toBeTruthy();
    expect(within(rowOf('Door sale')).getByText('Cash')).toBeTruthy();
    expect(within(rowOf('Ravi Iyer')).queryByText('Comp')).toBeNull();
    expect(within(rowOf('Ravi Iyer')).queryByText('Cash')).toBeNull();
  });

  it('shows each order’s check-in state: 2 of 3 in, or a dash before anyone is in', () => {
    renderTickets([asha, ravi, meena]);
    expect(screen.getByRole('columnheader', { name: /Checked in/ })).toBeTruthy();
    expect(within(rowOf('Asha Raman')).getByText('2 of 3 in')).toBeTruthy();
    expect(within(rowOf('Meena Iyer')).getByText('1 of 1 in')).toBeTruthy();
    expect(within(rowOf('Ravi Iyer')).getByText('—')).toBeTruthy();
    expect(within(rowOf('Ravi Iyer')).queryByText(/ in$/)).toBeNull();
  });

  it('searches by name, e-mail, phone or reference, and says how many it shows', () => {
    renderTickets([asha, ravi, meena]);
    const search = screen.getByLabelText('Search tickets');
    fireEvent.change(search, { target: { value: 'iyer' } });
    expect(screen.getByText('Showing 2 of 3 orders')).toBeTruthy();
    expect(screen.queryByText('Asha Raman')).toBeNull();
    fireEvent.change(search, { target: { value: '3F2B9C1E' } });
    expect(screen.getByText('Showing 1 of 3 orders')).toBeTruthy();
    expect(screen.getByText('Asha Raman')).toBeTruthy();
    fireEvent.change(search, { target: { value: '5550199' } });
    expect(screen.getByText('Ravi Iyer')).toBeTruthy();
    expect(screen.queryByText('Meena Iyer')).toBeNull();
    fireEvent.change(search, { target: { value: 'meena@example' } });
    expect(screen.getByText('Meena Iyer')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nobody at all' } });
    expect(screen.getByText('No tickets match your search')).toBeTruthy();
  });

  it('exports the shown orders with their check-in state to a dated CSV file', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push({ name: '', blob });
      return 'blob:tickets';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    renderTickets([asha, ravi, meena]);
    fireEvent.change(screen.getByLabelText('Search tickets'), { target: { value: 'iyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const toast = (await screen.findByText('Export successful')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(toast).getByText('2 ticket orders exported to CSV')).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(/^party-tickets-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readText(saved[0].blob))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Checked In"');
    expect(lines.find((l) => l.includes('"Ravi Iyer"'))).toContain('"0 of 3"');
    expect(lines.find((l) => l.includes('"Meena Iyer"'))).toContain('"1 of 1"');
    click.mockRestore();
  });

  it('prints the door list of every order, alphabetical by last name, whatever the search', () => {
    const printed = document.implementation.createHTMLDocument('');
    const win = { document: printed, focus: jest.fn(), print: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    renderTickets([asha, ravi, meena]);
    fireEvent.change(screen.getByLabelText('Search tickets'), { target: { value: 'asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Print door list' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(win.print).toHaveBeenCalled();
    const rows = [...printed.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['', 'Meena Iyer', 'C0FFEE00', '1 adult', '1 of 1 in'],
      ['', 'Ravi Iyer', 'A1B2C3D4', '2 adults, 1 child', ''],
      ['', 'Asha Raman', '3F2B9C1E', '2 adults, 1 child', '2 of 3 in'],
    ]);
    expect(printed.querySelector('header')?.textContent).toContain(EVENT);
    open.mockRestore();
  });

  it('says when the browser blocked the door list', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderTickets([asha]);
    fireEvent.click(screen.getByRole('button', { name: 'Print door list' }));
    expect(await screen.findByText('Print blocked')).toBeTruthy();
    open.mockRestore();
  });

  it('says No tickets sold yet, with nothing to export or print', async () => {
    renderTickets([]);
    expect(screen.getByText('No tickets sold yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('No tickets to export')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print door list' }));
    expect(await screen.findByText('No door list to print')).toBeTruthy();
  });

  it('e-mails an order’s tickets again once the manager confirms the address', async () => {
    const order = createPaidTicketRow({ customerName: 'Asha Raman', customerEmail: 'asha@example.com' });
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 202,
      statusText: 'Accepted',
      text: async () => JSON.stringify({ sentTo: 'asha@example.com', resendsLeft: 2 }),
    }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      renderTickets([order]);
      fireEvent.click(within(rowOf('Asha Raman')).getByRole('button', { name: 'Resend the tickets of Asha Raman' }));
      expect(await screen.findByText('To asha@example.com')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Tickets e-mailed again')).toBeTruthy();
      expect(screen.getByText('Sent to asha@example.com')).toBeTruthy();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls[0]).toEqual([
        `/api/admin/party-orders/${order.id}/resend-confirmation`,
        expect.objectContaining({ method: 'POST' }),
      ]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('marks an order whose payment the card’s bank disputes, and its details say Disputed with the dispute on the timeline', async () => {
    const disputed = createPaidTicketRow({ customerName: 'Devika Pillai', dispute: 'open' });
    const details: PartyOrderDetails = {
      id: disputed.id,
      reference: disputed.id.slice(0, 8).toUpperCase(),
      status: 'paid',
      customerName: 'Devika Pillai',
      customerEmail: disputed.customerEmail,
      customerPhone: disputed.customerPhone,
      language: 'en',
      adultTickets: 2,
      childTickets: 1,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      subtotalCents: 12997,
      groupDiscountPercent: 0,
      groupDiscountCents: 0,
      promoCode: null,
      promoDiscountPercent: 0,
      promoDiscountCents: 0,
      taxCents: 1219,
      totalCents: 14216,
      validAdults: 2,
      validChildren: 1,
      lines: [],
      refundedCents: 0,
      comp: false,
      compReason: null,
      paymentMethod: 'card',
      paymentReference: 'pi_123',
      emailStatus: 'sent',
      emailError: null,
      admitted: 0,
      createdAt: '2025-10-10T18:30:00.000Z',
      paidAt: '2025-10-10T18:31:00.000Z',
      dispute: {
        id: 'dp_1',
        status: 'open',
        gatewayStatus: 'needs_response',
        amountCents: 14216,
        reason: 'fraudulent',
        openedAt: '2025-10-20T10:00:00.000Z',
        closedAt: null,
      },
      refunds: [],
      timeline: [
        { kind: 'created', at: '2025-10-10T18:30:00.000Z', who: 'Guest', role: null, detail: '2 adults, 1 child' },
        {
          kind: 'disputed',
          at: '2025-10-20T10:00:00.000Z',
          who: 'Stripe',
          role: null,
          detail: "$142.16 disputed by the card's bank (fraudulent)",
        },
      ],
    };
    const realFetch = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify(details),
    })) as unknown as typeof fetch;
    try {
      renderTickets([disputed, ravi]);
      expect(within(rowOf('Devika Pillai')).getByText('Disputed')).toBeTruthy();
      expect(within(rowOf('Ravi Iyer')).queryByText('Disputed')).toBeNull();
      fireEvent.click(within(rowOf('Devika Pillai')).getByRole('button', { name: 'Order details of Devika Pillai' }));
      const drawer = await screen.findByRole('dialog', { name: 'Order details' });
      expect(await within(drawer).findByText("$142.16 (fraudulent): the card's bank is deciding")).toBeTruthy();
      expect(within(drawer).getAllByText('Disputed').length).toBe(2);
      expect(
        within(within(drawer).getByRole('region', { name: 'Order timeline' })).getByText(
          "$142.16 disputed by the card's bank (fraudulent)",
        ),
      ).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
