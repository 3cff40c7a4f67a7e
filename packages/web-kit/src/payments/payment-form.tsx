import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { CheckoutTexts } from './checkout-texts';
import { PaymentFormLoading } from './payment-form-loading';
import type { PaymentFormProps } from './payment-form-types';
import { SimulatedCardForm } from './simulated-card-form';
import { usePaymentConfig } from './use-payment-config';
import './payment-form.css';

// Stripe's libraries load only when Stripe is the configured gateway.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** The card form shared by the party page, the feast pack checkout, the drinks app and the door sale. */
export function PaymentForm(props: PaymentFormProps) {
  return (
    <CheckoutTexts>
      <CardForm {...props} />
    </CheckoutTexts>
  );
}

function CardForm(props: PaymentFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return <PaymentFormLoading />;
  if (config.isError) {
    return (
      <p className="fk-pay__error" role="alert">
        <Trans comment="Review: payment. The card form did not load (nothing was charged).">
          The payment form could not load. Check your connection and try again.
        </Trans>
      </p>
    );
  }
  if (config.data.mode === 'simulated') return <SimulatedCardForm {...props} />;
  return (
    <Suspense fallback={<PaymentFormLoading />}>
      <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />
    </Suspense>
  );
}

export type { PaymentFormProps } from './payment-form-types';
