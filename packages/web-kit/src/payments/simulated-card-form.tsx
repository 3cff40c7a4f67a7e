import { Trans, useLingui } from '@lingui/react/macro';
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

/* eslint-disable lingui/no-unlocalized-strings -- The stand-in's three fields keep their English names and
   placeholders in every language, as the card fields of Stripe's test mode read: the end-to-end tests fill
   the card by these labels on every page, in every language. */
const FIELDS = {
  number: { label: 'Card number', placeholder: '1234 1234 1234 1234' },
  expiry: { label: 'Expiry', placeholder: 'MM / YY' },
  cvc: { label: 'CVC', placeholder: 'CVC' },
};
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The offline stand-in for Stripe's card form (test mode): same fields, same test cards,
 * same outcomes. It says plainly that no card is charged. Its texts are in the page's language but
 * for its three fields (FIELDS); the gateway's refusals (`Your card was declined.`) are the API's.
 */
export function SimulatedCardForm({ clientSecret, intent, submitLabel, onSucceeded }: PaymentFormProps) {
  const { t } = useLingui();
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
      const fallback =
        intent === 'payment'
          ? t({ message: 'Payment failed', comment: 'Review: payment. The card was not charged.' })
          : t({ message: 'Card setup failed', comment: 'Review: card. The card could not be saved for later charges (a drinks tab).' });
      setError(
        e instanceof ApiError
          ? (e.serverMessage ?? fallback)
          : e instanceof Error && e.message
            ? e.message
            : t({ message: 'An error occurred', comment: 'Review: payment. An unknown error while paying or saving the card.' }),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="fk-pay" onSubmit={submit} noValidate>
      <p className="fk-pay__test-mode" role="note">
        <Trans comment="Review: payment. The test mode's notice above the stand-in card form: nothing is charged; the card number and CVC are the field names, kept in English.">
          Test mode: no card is charged. Use card 4242 4242 4242 4242, any future expiry and any CVC.
        </Trans>
      </p>
      <div
        className="fk-pay__tabs"
        role="tablist"
        aria-label={t({ message: 'Payment method', comment: "Name of the card form's tabs of ways to pay (for screen readers)." })}
      >
        <span role="tab" aria-selected="true" className="fk-pay__tab fk-pay__tab--active">
          <Trans comment="The card form's one tab: pay by card.">Card</Trans>
        </span>
      </div>
      <label className="fk-pay__field" htmlFor={`${id}-number`}>
        <span>{FIELDS.number.label}</span>
        <input
          id={`${id}-number`}
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={FIELDS.number.placeholder}
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          required
        />
      </label>
      <div className="fk-pay__row">
        <label className="fk-pay__field" htmlFor={`${id}-expiry`}>
          <span>{FIELDS.expiry.label}</span>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={FIELDS.expiry.placeholder}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            required
          />
        </label>
        <label className="fk-pay__field" htmlFor={`${id}-cvc`}>
          <span>{FIELDS.cvc.label}</span>
          <input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={FIELDS.cvc.placeholder}
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
        {pending
          ? t({ message: 'Processing...', comment: 'Review: payment. The pay button while the card is being charged or saved.' })
          : submitLabel}
      </button>
    </form>
  );
}
