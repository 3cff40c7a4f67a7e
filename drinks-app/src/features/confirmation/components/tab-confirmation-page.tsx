import './confirmation.css';
import { useQueryClient } from '@festival/query';
import { useEffect } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { StatusPanel } from '#shared/components/status-panel.tsx';
import { selectCount, useCartStore } from '#shared/stores/cart-store.ts';
import { useTabStore } from '#shared/stores/tab-store.ts';
import { useTabSetupConfirmation } from '../api/confirm-tab-setup';

/** `/drinks/tab-confirmation?tabId&setup_intent&redirect_status`: the saved card opens the tab. */
export function TabConfirmationPage() {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const [params] = useSearchParams();
  const tabId = params.get('tabId');
  const setupIntentId = params.get('setup_intent');
  const problem =
    !tabId || !setupIntentId
      ? t`Missing tab or setup information`
      : params.get('redirect_status') !== 'succeeded'
        ? t({ message: 'Card setup was not completed', comment: 'Review: saving the card for the bar tab did not finish.' })
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
      <StatusPanel
        tone="error"
        title={t({ message: 'Setup Failed', comment: 'Review: title when the card could not be saved for the bar tab.' })}
      >
        <p className="status-panel__message">
          {problem ?? ((error instanceof ApiError && error.serverMessage) || t`Failed to confirm card setup`)}
        </p>
        <Link className="fk-btn" to={localizedPath('/drinks')}>
          <Trans>Back to Menu</Trans>
        </Link>
      </StatusPanel>
    );
  } else if (!confirmation.data) {
    content = (
      <StatusPanel tone="working" title={t`Setting Up Your Tab`}>
        <p>
          <Trans>Saving your card securely. This takes a moment.</Trans>
        </p>
      </StatusPanel>
    );
  } else {
    const { reference, tabId } = confirmation.data;
    content = (
      <StatusPanel tone="success" title={t`Tab Opened Successfully`}>
        <p className="status-panel__reference">
          <Trans comment="The bar tab's short code (reference).">
            Tab <strong data-testid="tab-reference">{reference}</strong>
          </Trans>
        </p>
        <p className="status-panel__id">
          <Trans comment="The bar tab's full identifier, for the staff if something goes wrong.">Tab ID: {tabId}</Trans>
        </p>
        <p>
          <Trans comment="Review: how the bar tab works now that it is open: no card needed for each order; the saved card is charged once, when the staff close the tab or when the party ends.">
            Order from this phone as often as you like, no card needed. Your card is charged once, when the tab closes at the bar or at the
            end of the party.
          </Trans>
        </p>
        {cartCount > 0 ? (
          <p className="drinks-hint">
            <Trans comment="The drinks already in the cart (cartCount of them) are not ordered yet; the guest can now order them on the tab.">
              Your cart (<Plural value={cartCount} one="# drink" other="# drinks" />) is not ordered yet: put it on your tab now.
            </Trans>
          </p>
        ) : null}
        <Link className="fk-btn" to={localizedPath(cartCount > 0 ? '/drinks/checkout' : '/drinks')}>
          <Trans>Order Drinks Now</Trans>
        </Link>
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
