import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatCents, type PartyPrice } from '@festival/contracts';
import { PaymentForm } from '@festival/web-kit/payments';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { PayAgreement } from '@festival/web-kit/legal';
import { KeepCardBox } from './keep-card-box';

/** Whole seconds until `isoTime`, counted down every second (0 once it has passed). */
function useSecondsUntil(isoTime: string): number {
  const until = Date.parse(isoTime);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (now >= until) return;
    // Wake at the next whole second of the countdown.
    const timer = window.setTimeout(() => setNow(Date.now()), (until - now) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [now, until]);
  return Math.max(0, Math.floor((until - now) / 1000));
}

/** `14:59` */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface PaymentStepProps {
  orderId: string;
  clientSecret: string;
  price: PartyPrice;
  holdExpiresAt: string;
  error: string | null;
  onPaid: (paymentIntentId: string) => Promise<void>;
}

export function PaymentStep({ orderId, clientSecret, price, holdExpiresAt, error, onPaid }: PaymentStepProps) {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const secondsLeft = useSecondsUntil(holdExpiresAt);
  const total = formatCents(price.totalCents);
  const timeLeft = minutesAndSeconds(secondsLeft);
  return (
    <section className="fk-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="fk-card__title">
        <Trans comment="Heading of the step where the guest pays by card.">Payment</Trans>
      </h2>
      <p className="payment-total">
        <Trans comment="Review: the amount to pay now, in US dollars.">
          Total: <strong data-testid="payment-total">{total}</strong>
        </Trans>
      </p>
      <p className="party-hint" role="timer" aria-live="off">
        {secondsLeft > 0
          ? t({
              message: `Your tickets are held for ${timeLeft}`,
              comment: 'A countdown: timeLeft is minutes and seconds (14:59) the tickets stay reserved for this guest.',
            })
          : t({
              message:
                'Your hold has ended: you can still pay while tickets remain, and if they sold out meanwhile you are refunded in full.',
              comment:
                'Review: the reservation time is over; paying is still possible, and if no tickets are left the payment is refunded in full.',
            })}
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
      <KeepCardBox orderId={orderId} clientSecret={clientSecret} />
      <PaymentForm
        clientSecret={clientSecret}
        intent="payment"
        submitLabel={t({ message: 'Complete Payment', comment: 'Review: the button that charges the card for the tickets.' })}
        returnUrl={`${window.location.origin}${localizedPath('/diwali-party')}`}
        onSucceeded={onPaid}
      />
      <PayAgreement />
    </section>
  );
}
