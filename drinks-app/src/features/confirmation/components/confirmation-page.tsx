import './confirmation.css';
import { useQueryClient } from '@festival/query';
import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from '@festival/router';
import { drinkTabReference, formatCents } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { useMyTab } from '#shared/api/drink-tab.ts';
import { useDrinkOrderStatus } from '#shared/api/drink-order-status.ts';
import { BarProgress } from '#shared/components/bar-progress.tsx';
import { drinksMenuQuery } from '#shared/api/drinks-menu.ts';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { StatusPanel } from '#shared/components/status-panel.tsx';
import { useCartStore } from '#shared/stores/cart-store.ts';
import { useDrinkPaymentConfirmation } from '../api/confirm-drink-payment';
import { LineItems } from '#shared/components/line-items.tsx';

/** `/drinks/confirmation`: a paid order (`payment_intent`, `redirect_status`) or an order put on the tab (`tab_order`). */
export function ConfirmationPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const tabOrder = params.get('tab_order');
  return (
    <DrinksPage title={t`Your Order`}>
      {tabOrder ? (
        <TabOrderConfirmation orderId={tabOrder} />
      ) : (
        <PaymentConfirmation
          paymentIntent={params.get('payment_intent')}
          redirectStatus={params.get('redirect_status')}
          clientSecret={params.get('payment_intent_client_secret')}
        />
      )}
    </DrinksPage>
  );
}

function Failed({ message }: { message: string }) {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  return (
    <StatusPanel tone="error" title={t`Payment Failed`}>
      <p className="status-panel__message">{message}</p>
      <Link className="fk-btn" to={localizedPath('/drinks')}>
        <Trans>Back to Menu</Trans>
      </Link>
    </StatusPanel>
  );
}

interface PaymentConfirmationProps {
  paymentIntent: string | null;
  redirectStatus: string | null;
  /** The payment's client secret (Stripe adds it to the return URL; the card form's own path too): it lets this page follow the order. */
  clientSecret: string | null;
}

function PaymentConfirmation({ paymentIntent, redirectStatus, clientSecret }: PaymentConfirmationProps) {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const problem = !paymentIntent ? t`Missing payment information` : redirectStatus !== 'succeeded' ? t`Payment was not completed` : null;
  const confirmation = useDrinkPaymentConfirmation(problem ? null : paymentIntent, clientSecret);
  const status = useDrinkOrderStatus(confirmation.data?.orderId, clientSecret);
  const clearCart = useCartStore((s) => s.clear);
  const queryClient = useQueryClient();
  const confirmed = confirmation.isSuccess;

  // The cart is cleared only once the order is confirmed.
  useEffect(() => {
    if (!confirmed) return;
    clearCart();
    void queryClient.invalidateQueries(drinksMenuQuery);
  }, [confirmed, clearCart, queryClient]);

  if (problem) return <Failed message={problem} />;
  if (confirmation.isError) {
    const error = confirmation.error;
    return <Failed message={(error instanceof ApiError && error.serverMessage) || t`Failed to confirm payment`} />;
  }
  if (!confirmation.data) {
    return (
      <StatusPanel tone="working" title={t({ message: 'Processing', comment: 'Title while the payment or the tab is being checked.' })}>
        <p>
          <Trans>Confirming your payment. This takes a moment.</Trans>
        </p>
      </StatusPanel>
    );
  }
  const receipt = confirmation.data;
  const { number, tableNumber } = receipt;
  const paid = formatCents(receipt.totalCents);
  return (
    <StatusPanel tone="success" title={t`Order Confirmed`}>
      <p className="status-panel__reference">
        <Trans comment="The order's number, to show at the bar.">
          Order <strong data-testid="order-number">#{number}</strong>
        </Trans>
      </p>
      <BarProgress status={status.data?.barStatus ?? receipt.barStatus} />
      {tableNumber ? (
        <p>
          <Trans comment="The bar calls out order numbers, or staff bring the drinks to the guest's table (tableNumber).">
            Listen for your number, or look out for us at table {tableNumber}.
          </Trans>
        </p>
      ) : null}
      <LineItems items={receipt.items} price={receipt} testIdPrefix="receipt" />
      <p className="drinks-hint">
        <Trans comment="The amount paid, in US dollars.">Paid {paid} by card.</Trans>
      </p>
      <Link className="fk-btn" to={localizedPath('/drinks')}>
        <Trans>Order More Drinks</Trans>
      </Link>
    </StatusPanel>
  );
}

function TabOrderConfirmation({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const { saved, view, isChecking } = useMyTab();
  if (!saved) return <Failed message={t`Missing payment information`} />;
  if (isChecking || !view) {
    return (
      <StatusPanel tone="working" title={t({ message: 'Processing', comment: 'Title while the payment or the tab is being checked.' })}>
        <p>
          <Trans comment="The phone asks the server for the guest's bar tab.">Checking your tab.</Trans>
        </p>
      </StatusPanel>
    );
  }
  const receipt = view.orders.find((o) => o.orderId === orderId);
  if (!receipt) return <Failed message={t`This order is not on your tab.`} />;
  const number = receipt.number;
  const reference = drinkTabReference(view.tabId);
  const total = formatCents(view.totalCents);
  return (
    <StatusPanel tone="success" title={t`Order Confirmed`}>
      <p className="status-panel__reference">
        <Trans comment="The order's number, to show at the bar.">
          Order <strong data-testid="order-number">#{number}</strong>
        </Trans>
      </p>
      <BarProgress status={receipt.barStatus} />
      <p>
        <Trans comment="The order was put on the guest's bar tab; reference is the tab's short code.">
          Added to your tab <strong>{reference}</strong>.
        </Trans>
      </p>
      <LineItems items={receipt.items} price={receipt} testIdPrefix="receipt" />
      <p className="drinks-hint">
        <Trans comment="Review: the bar tab's total so far (tax included, US dollars); the saved card is charged this once, when the tab closes.">
          Tab running total with tax: <strong data-testid="tab-total">{total}</strong>, charged once when your tab closes.
        </Trans>
      </p>
      <Link className="fk-btn" to={localizedPath('/drinks')}>
        <Trans>Order More Drinks</Trans>
      </Link>
    </StatusPanel>
  );
}
