import './confirmation.css';
import { useQueryClient } from '@festival/query';
import { useEffect } from 'react';
import { Link, useSearchParams } from '@festival/router';
import { drinkTabReference, formatCents } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
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
  const [params] = useSearchParams();
  const tabOrder = params.get('tab_order');
  return (
    <DrinksPage title="Your Order">
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
  return (
    <StatusPanel tone="error" title="Payment Failed">
      <p className="status-panel__message">{message}</p>
      <Link className="fk-btn" to="/drinks">
        Back to Menu
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
  const problem = !paymentIntent ? 'Missing payment information' : redirectStatus !== 'succeeded' ? 'Payment was not completed' : null;
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
    return <Failed message={(error instanceof ApiError && error.serverMessage) || 'Failed to confirm payment'} />;
  }
  if (!confirmation.data) {
    return (
      <StatusPanel tone="working" title="Processing">
        <p>Confirming your payment. This takes a moment.</p>
      </StatusPanel>
    );
  }
  const receipt = confirmation.data;
  return (
    <StatusPanel tone="success" title="Order Confirmed">
      <p className="status-panel__reference">
        Order <strong data-testid="order-number">#{receipt.number}</strong>
      </p>
      <BarProgress status={status.data?.barStatus ?? receipt.barStatus} />
      {receipt.tableNumber ? <p>Listen for your number, or look out for us at table {receipt.tableNumber}.</p> : null}
      <LineItems items={receipt.items} price={receipt} testIdPrefix="receipt" />
      <p className="drinks-hint">Paid {formatCents(receipt.totalCents)} by card.</p>
      <Link className="fk-btn" to="/drinks">
        Order More Drinks
      </Link>
    </StatusPanel>
  );
}

function TabOrderConfirmation({ orderId }: { orderId: string }) {
  const { saved, view, isChecking } = useMyTab();
  if (!saved) return <Failed message="Missing payment information" />;
  if (isChecking || !view) {
    return (
      <StatusPanel tone="working" title="Processing">
        <p>Checking your tab.</p>
      </StatusPanel>
    );
  }
  const receipt = view.orders.find((o) => o.orderId === orderId);
  if (!receipt) return <Failed message="This order is not on your tab." />;
  return (
    <StatusPanel tone="success" title="Order Confirmed">
      <p className="status-panel__reference">
        Order <strong data-testid="order-number">#{receipt.number}</strong>
      </p>
      <BarProgress status={receipt.barStatus} />
      <p>
        Added to your tab <strong>{drinkTabReference(view.tabId)}</strong>.
      </p>
      <LineItems items={receipt.items} price={receipt} testIdPrefix="receipt" />
      <p className="drinks-hint">
        Tab running total with tax: <strong data-testid="tab-total">{formatCents(view.totalCents)}</strong>, charged once when your tab
        closes.
      </p>
      <Link className="fk-btn" to="/drinks">
        Order More Drinks
      </Link>
    </StatusPanel>
  );
}
