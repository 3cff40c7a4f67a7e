import { formatCents, type PartyPrice } from '@festival/contracts';
import { PaymentForm } from '@festival/web-kit/payments';

interface PaymentStepProps {
  clientSecret: string;
  price: PartyPrice;
  holdExpiresAt: string;
  error: string | null;
  onPaid: (paymentIntentId: string) => Promise<void>;
}

export function PaymentStep({ clientSecret, price, holdExpiresAt, error, onPaid }: PaymentStepProps) {
  const heldUntil = new Date(holdExpiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    <section className="party-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="party-card__title">
        Payment
      </h2>
      <p className="payment-total">
        Total: <strong data-testid="payment-total">{formatCents(price.totalCents)}</strong>
      </p>
      <p className="party-hint">Your tickets are held for you until {heldUntil}.</p>
      {error ? (
        <p className="party-alert" role="alert">
          {error}
        </p>
      ) : null}
      <PaymentForm
        clientSecret={clientSecret}
        intent="payment"
        submitLabel="Complete Payment"
        returnUrl={`${window.location.origin}/diwali-party`}
        onSucceeded={onPaid}
      />
    </section>
  );
}
