import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { KEEP_CARD_LABEL, KEEP_CARD_LINE } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { KeepCardBox } from './keep-card-box';

interface Call {
  url: string;
  body?: Record<string, unknown>;
}

let calls: Call[];
let status: number;

beforeEach(() => {
  calls = [];
  status = 204;
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined });
    return { ok: status < 400, status, statusText: String(status), text: async () => (status < 400 ? '' : '{"message":"No"}') };
  }) as unknown as typeof fetch;
});

function renderBox() {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <KeepCardBox orderId="order-1" clientSecret="pi_sim_1_secret_x" />
    </QueryClientProvider>,
  );
}

describe('Keep my card for drinks at the party', () => {
  it('is unticked with its one line, and asks the server nothing until ticked', () => {
    renderBox();
    const box = screen.getByRole('checkbox', { name: KEEP_CARD_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(KEEP_CARD_LINE)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('ticked, asks the server to keep the card of this payment; unticked again, not to', async () => {
    renderBox();
    const box = screen.getByRole('checkbox', { name: KEEP_CARD_LABEL }) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/party-payment-intent/keep-card',
      body: { orderId: 'order-1', clientSecret: 'pi_sim_1_secret_x', keep: true },
    });
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toMatchObject({ keep: false });
  });

  it('when the choice cannot be saved, the box goes back and says so', async () => {
    status = 503;
    renderBox();
    const box = screen.getByRole('checkbox', { name: KEEP_CARD_LABEL }) as HTMLInputElement;
    fireEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your choice could not be saved. Please try again.');
    expect(box.checked).toBe(false);
  });
});
