import { useId, useState, type FormEvent } from 'react';
import type { SimulatedConfirmResponse } from '@festival/contracts';
import { ApiError, apiPost } from '../api-client';
import type { PaymentFormProps } from './payment-form-types';

function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The offline stand-in for Stripe's card form (test mode): same fields, same test cards,
 * same outcomes. It says plainly that no card is charged.
 */
export function SimulatedCardForm({ clientSecret, intent, submitLabel, onSucceeded }: PaymentFormProps) {
  const id = useId();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const path = intent === 'payment' ? '/api/payments/simulated/confirm' : '/api/payments/simulated/confirm-setup';
      const result = await apiPost<SimulatedConfirmResponse>(path, { clientSecret, cardNumber, expiry, cvc });
      await onSucceeded(result.id);
    } catch (e) {
      const fallback = intent === 'payment' ? 'Payment failed' : 'Card setup failed';
      setError(e instanceof ApiError ? (e.serverMessage ?? fallback) : e instanceof Error && e.message ? e.message : 'An error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="fk-pay" onSubmit={submit} noValidate>
      <p className="fk-pay__test-mode" role="note">
        Test mode: no card is charged. Use card 4242 4242 4242 4242, any future expiry and any CVC.
      </p>
      <div className="fk-pay__tabs" role="tablist" aria-label="Payment method">
        <span role="tab" aria-selected="true" className="fk-pay__tab fk-pay__tab--active">
          Card
        </span>
      </div>
      <label className="fk-pay__field" htmlFor={`${id}-number`}>
        <span>Card number</span>
        <input
          id={`${id}-number`}
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          required
        />
      </label>
      <div className="fk-pay__row">
        <label className="fk-pay__field" htmlFor={`${id}-expiry`}>
          <span>Expiry</span>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            required
          />
        </label>
        <label className="fk-pay__field" htmlFor={`${id}-cvc`}>
          <span>CVC</span>
          <input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            required
          />
        </label>
      </div>
      {error ? (
        <p className="fk-pay__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="fk-pay__submit" disabled={pending}>
        {pending ? 'Processing...' : submitLabel}
      </button>
    </form>
  );
}
