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
    try {
      if (intent === 'payment') {
        const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
        if (result.error) setError(result.error.message ?? 'Payment failed');
        else if (result.paymentIntent?.status === 'succeeded') await onSucceeded(result.paymentIntent.id);
        else setError('Payment failed');
      } else {
        const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
        if (result.error) setError(result.error.message ?? 'Card setup failed');
        else if (result.setupIntent?.status === 'succeeded') await onSucceeded(result.setupIntent.id);
        else setError('Card setup failed');
      }
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'An error occurred');
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
        {pending ? 'Processing...' : submitLabel}
      </button>
    </form>
  );
}

/** Stripe's Payment Element (tabs layout), loaded only when Stripe is configured. */
export default function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeFields {...props} />
    </Elements>
  );
}
