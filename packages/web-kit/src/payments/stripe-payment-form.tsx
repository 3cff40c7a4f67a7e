import { useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { PaymentFormLoading } from './payment-form-loading';
import type { PaymentFormProps } from './payment-form-types';

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeFields({ intent, submitLabel, returnUrl, onSucceeded }: Omit<PaymentFormProps, 'clientSecret'>) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setError(null);
    const paymentFailed = t({ message: 'Payment failed', comment: 'Review: payment. The card was not charged.' });
    const setupFailed = t({
      message: 'Card setup failed',
      comment: 'Review: card. The card could not be saved for later charges (a drinks tab).',
    });
    try {
      if (intent === 'payment') {
        const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
        if (result.error) setError(result.error.message ?? paymentFailed);
        else if (result.paymentIntent?.status === 'succeeded') await onSucceeded(result.paymentIntent.id);
        else setError(paymentFailed);
      } else {
        const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
        if (result.error) setError(result.error.message ?? setupFailed);
        else if (result.setupIntent?.status === 'succeeded') await onSucceeded(result.setupIntent.id);
        else setError(setupFailed);
      }
    } catch (e) {
      setError(
        e instanceof Error && e.message
          ? e.message
          : t({ message: 'An error occurred', comment: 'Review: payment. An unknown error while paying or saving the card.' }),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="fk-pay" onSubmit={submit}>
      {!ready ? <PaymentFormLoading /> : null}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {error ? (
        <p className="fk-pay__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="fk-pay__submit" disabled={!stripe || !ready || pending}>
        {pending
          ? t({ message: 'Processing...', comment: 'Review: payment. The pay button while the card is being charged or saved.' })
          : submitLabel}
      </button>
    </form>
  );
}

/**
 * Stripe's Payment Element (tabs layout), loaded only when Stripe is configured. Stripe writes the
 * Element's own fields and refusals, in the browser's language where Stripe has it (it has no
 * Hindi or Tamil); the button, its progress and the fallback errors are the page's.
 */
export default function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeFields {...props} />
    </Elements>
  );
}
