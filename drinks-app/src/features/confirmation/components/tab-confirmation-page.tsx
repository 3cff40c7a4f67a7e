import './confirmation.css';
import { useQueryClient } from '@festival/query';
import { useEffect } from 'react';
import { Link, useSearchParams } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { StatusPanel } from '#shared/components/status-panel.tsx';
import { selectCount, useCartStore } from '#shared/stores/cart-store.ts';
import { useTabStore } from '#shared/stores/tab-store.ts';
import { useTabSetupConfirmation } from '../api/confirm-tab-setup';

/** `/drinks/tab-confirmation?tabId&setup_intent&redirect_status`: the saved card opens the tab. */
export function TabConfirmationPage() {
  const [params] = useSearchParams();
  const tabId = params.get('tabId');
  const setupIntentId = params.get('setup_intent');
  const problem =
    !tabId || !setupIntentId
      ? 'Missing tab or setup information'
      : params.get('redirect_status') !== 'succeeded'
        ? 'Card setup was not completed'
        : null;
  const pending = useTabStore((s) => s.pending);
  const tabToken = pending?.tabId === tabId ? pending.tabToken : undefined;
  const confirmation = useTabSetupConfirmation(problem || !tabId || !setupIntentId ? null : { tabId, setupIntentId, tabToken });
  const opened = useTabStore((s) => s.opened);
  const cartCount = useCartStore(selectCount);
  const queryClient = useQueryClient();
  const openedTabId = confirmation.data?.status === 'open' ? confirmation.data.tabId : null;

  useEffect(() => {
    if (!openedTabId) return;
    opened(openedTabId);
    void queryClient.invalidateQueries({ queryKey: ['drinks', 'tab', openedTabId] });
  }, [openedTabId, opened, queryClient]);

  let content;
  if (problem || confirmation.isError) {
    const error = confirmation.error;
    content = (
      <StatusPanel tone="error" title="Setup Failed">
        <p className="status-panel__message">
          {problem ?? ((error instanceof ApiError && error.serverMessage) || 'Failed to confirm card setup')}
        </p>
        <Link className="fk-btn" to="/drinks">
          Back to Menu
        </Link>
      </StatusPanel>
    );
  } else if (!confirmation.data) {
    content = (
      <StatusPanel tone="working" title="Setting Up Your Tab">
        <p>Saving your card securely. This takes a moment.</p>
      </StatusPanel>
    );
  } else {
    const tab = confirmation.data;
    content = (
      <StatusPanel tone="success" title="Tab Opened Successfully">
        <p className="status-panel__reference">
          Tab <strong data-testid="tab-reference">{tab.reference}</strong>
        </p>
        <p className="status-panel__id">Tab ID: {tab.tabId}</p>
        <p>
          Order from this phone as often as you like, no card needed. Your card is charged once, when the tab closes at the bar or at the
          end of the party.
        </p>
        {cartCount > 0 ? (
          <p className="drinks-hint">
            Your cart ({cartCount} {cartCount === 1 ? 'drink' : 'drinks'}) is not ordered yet: put it on your tab now.
          </p>
        ) : null}
        <Link className="fk-btn" to={cartCount > 0 ? '/drinks/checkout' : '/drinks'}>
          Order Drinks Now
        </Link>
      </StatusPanel>
    );
  }
  return <DrinksPage title="Your Tab">{content}</DrinksPage>;
}
