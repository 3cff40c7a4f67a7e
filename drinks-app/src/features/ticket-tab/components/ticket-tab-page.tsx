import { useState } from 'react';
import { openTabWithCardLabel } from '@festival/contracts';
import { useNavigate } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { StatusPanel } from '#shared/components/status-panel.tsx';
import { useTabStore } from '#shared/stores/tab-store.ts';
import { useForgetTicketCard, useOpenTicketTab, useTicketCard } from '../api/ticket-card';

const serverMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;

/**
 * `/drinks?ticket=<token>`, the confirmation e-mail's `Open my drinks tab`: one tap opens a tab on
 * the card kept from the ticket purchase, no card form; `Forget my card` detaches it.
 */
export function TicketTabPage({ token }: { token: string }) {
  const card = useTicketCard(token);
  const open = useOpenTicketTab();
  const forget = useForgetTicketCard(token);
  const adopt = useTabStore((s) => s.adopt);
  const navigate = useNavigate();
  const [tableNumber, setTableNumber] = useState('');

  async function openTab() {
    if (!card.data) return;
    try {
      const opened = await open.mutateAsync({ token, tableNumber: tableNumber.trim() || undefined });
      adopt({ tabId: opened.tabId, tabToken: opened.tabToken, customerName: card.data.customerName });
      void navigate('/drinks', { replace: true });
    } catch {
      // The answer is shown below the button.
    }
  }

  let content;
  if (card.isError) {
    content = (
      <StatusPanel tone="error" title="Your Drinks Tab">
        <p className="status-panel__message">{serverMessage(card.error, 'This link could not be read. Please try again.')}</p>
      </StatusPanel>
    );
  } else if (!card.data) {
    content = (
      <StatusPanel tone="working" title="Your Drinks Tab">
        <p>Finding your card…</p>
      </StatusPanel>
    );
  } else {
    content = (
      <StatusPanel tone="success" title="Your Drinks Tab">
        <p>
          Hello {card.data.customerName}: order from this phone all night, charged once to the card you kept with your tickets when the tab
          closes.
        </p>
        <label className="drinks-hint">
          Table number (optional) <input value={tableNumber} maxLength={20} onChange={(event) => setTableNumber(event.target.value)} />
        </label>
        <button type="button" className="fk-btn" disabled={open.isPending} onClick={() => void openTab()}>
          {openTabWithCardLabel(card.data.last4)}
        </button>
        {open.isError ? (
          <p className="fk-alert" role="alert">
            {serverMessage(open.error, 'The tab could not be opened. Please try again.')}
          </p>
        ) : null}
        <button
          type="button"
          className="fk-btn fk-btn--small fk-btn--secondary"
          disabled={forget.isPending}
          onClick={() => void forget.mutateAsync().catch(() => undefined)}
        >
          Forget my card
        </button>
        {forget.isError ? (
          <p className="fk-alert" role="alert">
            {serverMessage(forget.error, 'Your card could not be forgotten. Please try again.')}
          </p>
        ) : null}
      </StatusPanel>
    );
  }
  return <DrinksPage title="Your Tab">{content}</DrinksPage>;
}
