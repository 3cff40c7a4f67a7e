import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { buildTicketCode, formatTicketCode, type ComplimentaryDrinksRequest } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import type { TicketScanner } from '#shared/lib/ticket-scanner.ts';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { ComplimentaryDrinks } from './complimentary-drinks';

beforeAll(prepareJsdomForAntd);

const ORDER = '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';
/** Shaped like a ticket code (the signature is the server's to check). */
const CODE = buildTicketCode(ORDER, new Uint8Array(64).fill(7));

type Reply = { status: number; body: unknown } | 'no answer';

/** The API's answers to each POST, in turn; returns the bodies sent. */
function serve(...replies: Reply[]) {
  const sent: ComplimentaryDrinksRequest[] = [];
  globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    expect(path).toBe('/api/admin/complimentary-drinks');
    sent.push(JSON.parse(String(init?.body)) as ComplimentaryDrinksRequest);
    const reply = replies.shift();
    if (!reply) throw new Error('No more replies');
    if (reply === 'no answer') throw new TypeError('Failed to fetch');
    return { ok: reply.status < 300, status: reply.status, statusText: '', text: async () => JSON.stringify(reply.body) };
  }) as unknown as typeof fetch;
  return sent;
}

function renderTab(scanner?: TicketScanner) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <ComplimentaryDrinks scanner={scanner} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

const field = () => screen.getByLabelText('Ticket code') as HTMLInputElement;
const status = () => screen.getByRole('status');

/** What a handheld scanner does: types the code into the focused field, then Enter. */
function scanInto(text: string) {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.submit(field().closest('form')!);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Complimentary Drinks', () => {
  it('redeems one drink when the code is typed as printed and ends with Enter, and says how many are left', async () => {
    const sent = serve({ status: 200, body: { remaining: 2 } });
    renderTab();
    expect(document.activeElement).toBe(field());
    scanInto(formatTicketCode(CODE).toLowerCase());
    expect(await screen.findByText('2 complimentary drinks left')).toBeTruthy();
    expect(status().textContent).toContain('Ticket 3F2B9C1E: 1 redeemed just now');
    expect(sent).toEqual([{ code: CODE, count: 1, redemptionId: expect.stringMatching(UUID) }]);
    // Ready for the next scan: the field focused with its text selected.
    expect(document.activeElement).toBe(field());
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, field().value.length]);
  });

  it('redeems a group at once, then counts one again; the last drink is singular', async () => {
    const sent = serve({ status: 200, body: { remaining: 1 } }, { status: 200, body: { remaining: 0 } });
    renderTab();
    const drinks = screen.getByLabelText('Drinks to redeem') as HTMLInputElement;
    expect(drinks.value).toBe('1');
    expect((screen.getByRole('button', { name: 'One drink fewer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'One drink more' }));
    fireEvent.click(screen.getByRole('button', { name: 'One drink more' }));
    expect(drinks.value).toBe('3');
    fireEvent.change(field(), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('1 complimentary drink left')).toBeTruthy();
    expect(status().textContent).toContain('3 redeemed just now');
    expect(drinks.value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('0 complimentary drinks left')).toBeTruthy();
    expect(sent.map((s) => s.count)).toEqual([3, 1]);
    // Every redemption has its own id.
    expect(sent[0].redemptionId).not.toBe(sent[1].redemptionId);
  });

  it('only asks with Check drinks left', async () => {
    const sent = serve({ status: 200, body: { remaining: 3 } });
    renderTab();
    fireEvent.change(field(), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check drinks left' }));
    expect(await screen.findByText('3 complimentary drinks left')).toBeTruthy();
    expect(status().textContent).toContain('Ticket 3F2B9C1E: nothing redeemed');
    expect(sent).toEqual([{ code: CODE, count: 0 }]);
  });

  it('says No complimentary drinks left, and how many there are when a group asked for more', async () => {
    const refused = { status: 409, body: { message: 'No complimentary drinks left' } };
    const sent = serve(refused, refused, { status: 200, body: { remaining: 1 } });
    renderTab();
    scanInto(CODE);
    expect(await screen.findByText('No complimentary drinks left')).toBeTruthy();
    expect(status().textContent).not.toContain('left:');

    fireEvent.click(screen.getByRole('button', { name: 'One drink more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('1 complimentary drink left: redeem fewer.', { exact: false })).toBeTruthy();
    expect(screen.getByText('No complimentary drinks left')).toBeTruthy();
    expect(sent.map((s) => s.count)).toEqual([1, 2, 0]);
  });

  it('says Not a valid ticket for a code the server refuses, and for text that is not a code without asking it', async () => {
    const sent = serve({ status: 404, body: { message: 'Not a valid ticket' } });
    renderTab();
    scanInto(CODE);
    expect(await screen.findByText('Not a valid ticket')).toBeTruthy();
    expect(sent).toHaveLength(1);

    scanInto('HELLO-1234');
    await waitFor(() => expect(screen.getByText('Not a valid ticket')).toBeTruthy());
    expect(status().textContent).not.toContain('3F2B9C1E');
    scanInto('   ');
    expect(await screen.findByText('Scan or type a ticket code')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('shows the server’s other refusals as it words them', async () => {
    serve({ status: 409, body: { message: 'This order was refunded' } });
    renderTab();
    scanInto(CODE);
    expect(await screen.findByText('This order was refunded')).toBeTruthy();
    expect(status().textContent).toContain('Ticket 3F2B9C1E');
  });

  it('sends a redemption that got no answer again with the same redemptionId, and the next one with a new id', async () => {
    const sent = serve(
      'no answer',
      { status: 502, body: { message: 'Bad gateway' } },
      { status: 200, body: { remaining: 2 } },
      {
        status: 200,
        body: { remaining: 1 },
      },
    );
    renderTab();
    scanInto(CODE);
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('2 complimentary drinks left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('1 complimentary drink left')).toBeTruthy();

    const ids = sent.map((s) => s.redemptionId);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[3]).not.toBe(ids[0]);
  });

  it('takes codes from a scanner placed in its slot, and only looks them up', async () => {
    const sent = serve({ status: 200, body: { remaining: 4 } });
    function FakeCamera({ onScan }: { onScan(code: string): void }) {
      return <button onClick={() => onScan(formatTicketCode(CODE))}>Fake camera read</button>;
    }
    renderTab(FakeCamera);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Fake camera read' }));
    });
    expect(await screen.findByText('4 complimentary drinks left')).toBeTruthy();
    expect(field().value).toBe(formatTicketCode(CODE));
    expect(sent).toEqual([{ code: CODE, count: 0 }]);
  });
});
