import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { useLanguage, useLocalizedPath } from '@festival/web-kit/i18n';
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
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const language = useLanguage();
  const card = useTicketCard(token);
  const open = useOpenTicketTab();
  const forget = useForgetTicketCard(token);
  const adopt = useTabStore((s) => s.adopt);
  const navigate = useNavigate();
  const [tableNumber, setTableNumber] = useState('');

  async function openTab() {
    if (!card.data) return;
    try {
      const opened = await open.mutateAsync({ token, tableNumber: tableNumber.trim() || undefined, language });
      adopt({ tabId: opened.tabId, tabToken: opened.tabToken, customerName: card.data.customerName });
      void navigate(localizedPath('/drinks'), { replace: true });
    } catch {
      // The answer is shown below the button.
    }
  }

  const title = t({
    message: 'Your Drinks Tab',
    comment:
      'Title of the page that opens a bar tab (a running bill of drinks, paid once at the end) on the card the guest kept when buying the party tickets.',
  });
  let content;
  if (card.isError) {
    content = (
      <StatusPanel tone="error" title={title}>
        <p className="status-panel__message">
          {serverMessage(
            card.error,
            t({ message: 'This link could not be read. Please try again.', comment: 'The link from the ticket confirmation e-mail.' }),
          )}
        </p>
      </StatusPanel>
    );
  } else if (!card.data) {
    content = (
      <StatusPanel tone="working" title={title}>
        <p>
          <Trans comment="Looking up the card the guest kept with the ticket purchase.">Finding your card…</Trans>
        </p>
      </StatusPanel>
    );
  } else {
    const { customerName, last4 } = card.data;
    content = (
      <StatusPanel tone="success" title={title}>
        <p>
          <Trans comment="Review: customerName is the guest. The tab's drinks are charged once, when the tab closes, to the card saved when the guest bought the party tickets.">
            Hello {customerName}: order from this phone all night, charged once to the card you kept with your tickets when the tab closes.
          </Trans>
        </p>
        <label className="drinks-hint">
          <Trans>Table number (optional)</Trans>{' '}
          <input value={tableNumber} maxLength={20} onChange={(event) => setTableNumber(event.target.value)} />
        </label>
        <button type="button" className="fk-btn" disabled={open.isPending} onClick={() => void openTab()}>
          <Trans comment="Review: button that opens a bar tab on the saved card; last4 is the card number's last four digits.">
            Open a tab with your card ending {last4}
          </Trans>
        </button>
        {open.isError ? (
          <p className="fk-alert" role="alert">
            {serverMessage(open.error, t`The tab could not be opened. Please try again.`)}
          </p>
        ) : null}
        <button
          type="button"
          className="fk-btn fk-btn--small fk-btn--secondary"
          disabled={forget.isPending}
          onClick={() => void forget.mutateAsync().catch(() => undefined)}
        >
          <Trans comment="Review: button that removes the card kept from the ticket purchase (the payment service detaches it; it is not kept for drinks).">
            Forget my card
          </Trans>
        </button>
        {forget.isError ? (
          <p className="fk-alert" role="alert">
            {serverMessage(
              forget.error,
              t({ message: 'Your card could not be forgotten. Please try again.', comment: 'Review: removing the saved card failed.' }),
            )}
          </p>
        ) : null}
      </StatusPanel>
    );
  }
  return (
    <DrinksPage
      title={t({
        message: 'Your Tab',
        comment: "Title of the pages about the guest's bar tab (a running bill of drinks, paid once at the end).",
      })}
    >
      {content}
    </DrinksPage>
  );
}
