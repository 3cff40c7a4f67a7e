import './feast.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  feastOrderIntentSchema,
  formatCents,
  MAX_PACKS_PER_ORDER,
  pickupDateIn,
  pickupTimeIn,
  priceFeastOrder,
  type FeastCatalog,
  type FeastPickupSlot,
  type FeastOrderIntentResponse,
  type FeastOrderReceipt,
  type SiteConfig,
} from '@festival/contracts';
import { Link } from '@festival/router';
import { getAnalyticsSessionId, trackEvent } from '@festival/web-kit/analytics';
import { PaymentForm } from '@festival/web-kit/payments';
import { NewsConsentBox, PayAgreement } from '@festival/web-kit/legal';
import { useSiteConfig } from '@festival/web-kit/site';
import { useLanguage, useLocalizedPath } from '@festival/web-kit/i18n';
import { useFeastCartStore, type FeastCartItem } from '../stores/feast-cart-store';
import { clearFeastCart } from '../lib/feast-cart';
import { useConfirmFeastPayment, useCreateFeastOrder, useFeastCatalog } from '../api/feast-catalog';

interface Details {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}
type Field = keyof Details | 'slotId' | 'items';

const FIELDS: { name: keyof Details; label: MessageDescriptor; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { name: 'customerName', label: msg`Name`, type: 'text', autoComplete: 'name' },
  { name: 'customerEmail', label: msg`Email`, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'customerPhone', label: msg`Phone`, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/**
 * A schema issue of a field as the page says it, in the page's language (the English is the
 * schema's own message, feastOrderIntentSchema in the contracts).
 */
function issueText(field: Field, code: string, message: string): MessageDescriptor {
  const tooBig = code === 'too_big';
  switch (field) {
    case 'customerName':
      return tooBig ? msg`Name is too long` : msg`Name is required`;
    case 'customerEmail':
      return msg`Invalid email address`;
    case 'customerPhone':
      return tooBig ? msg`Phone number is too long` : msg`Phone number must be at least 10 digits`;
    case 'slotId':
      return msg`Choose a pickup time`;
    case 'items':
      if (code === 'too_small') return msg`Add at least one feast pack`;
      if (message === 'A pack is listed twice') return msg`A pack is listed twice`;
      return msg`At most ${MAX_PACKS_PER_ORDER} packs per order`;
  }
}

/** The API's refusal as it worded it (in the page's language), or a general one. */
function useErrorMessage(): (error: unknown) => string {
  const { t } = useLingui();
  return (error) => (error instanceof Error && error.message ? error.message : t`Something went wrong. Please try again.`);
}

function addressOf(site: SiteConfig | undefined): string {
  const address = site?.restaurant.address;
  return address ? `${address.street}, ${address.city}, ${address.region} ${address.postalCode}` : '';
}

function OrderLines({ items, catalog }: { items: FeastCartItem[]; catalog: FeastCatalog }) {
  const price = priceFeastOrder(items, catalog.taxRateBasisPoints);
  return (
    <dl className="lp-cart-totals">
      {items.map((item) => (
        <div key={item.id} className="lp-cart-total-line">
          <dt>
            {item.name} × {item.quantity}
          </dt>
          <dd>{formatCents(item.price * item.quantity)}</dd>
        </div>
      ))}
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd>{formatCents(price.subtotalCents)}</dd>
      <dt>
        <Trans>Tax</Trans>
      </dt>
      <dd>{formatCents(price.taxCents)}</dd>
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd>
        <strong>{formatCents(price.totalCents)}</strong>
      </dd>
    </dl>
  );
}

/**
 * The paid pre-order. Its pickup time in the page's language, from the pickup time chosen (the
 * receipt's own labels are English, as the order keeps them for the staff).
 */
function Confirmed({
  receipt,
  site,
  slot,
}: {
  receipt: FeastOrderReceipt;
  site: SiteConfig | undefined;
  slot: FeastPickupSlot | undefined;
}) {
  const language = useLanguage();
  const localizedPath = useLocalizedPath();
  const date = slot ? pickupDateIn(slot.date, language) : receipt.pickupDate;
  const time = slot ? pickupTimeIn(slot.time, language) : receipt.pickupTime;
  const email = receipt.customerEmail;
  return (
    <section className="fk-card" aria-labelledby="feast-confirmed">
      <h2 id="feast-confirmed" className="fk-card__title">
        <Trans>Pre-order Confirmed</Trans>
      </h2>
      <p>
        <Trans>
          Order reference: <strong data-testid="feast-reference">{receipt.reference}</strong>
        </Trans>
      </p>
      <p>
        <Trans comment="The pickup day (a long date in the page's language) and time.">
          Pick up on <strong>{date}</strong> at <strong>{time}</strong>
        </Trans>
      </p>
      <p>
        {site?.restaurant.name}, {addressOf(site)}
      </p>
      <ul>
        {receipt.items.map((item) => (
          <li key={item.packId}>
            {item.name} × {item.quantity}
          </li>
        ))}
      </ul>
      <p>
        <Trans comment="Review: the amount charged for the pre-order, in US dollars.">
          Total paid: <strong>{formatCents(receipt.totalCents)}</strong>
        </Trans>
      </p>
      <p className="feast-hint">
        {email ? <Trans>We have e-mailed your pickup code to {email}.</Trans> : <Trans>We have e-mailed your pickup code.</Trans>}
      </p>
      <Link to={localizedPath('/')} className="fk-btn fk-btn--maroon">
        <Trans>Back to the home page</Trans>
      </Link>
    </section>
  );
}

function Checkout({ catalog }: { catalog: FeastCatalog }) {
  const items = useFeastCartStore((s) => s.items);
  const { data: site } = useSiteConfig();
  const [details, setDetails] = useState<Details>({ customerName: '', customerEmail: '', customerPhone: '' });
  const [slotId, setSlotId] = useState<string>('');
  const [newsConsent, setNewsConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [held, setHeld] = useState<FeastOrderIntentResponse | null>(null);
  const [receipt, setReceipt] = useState<FeastOrderReceipt | null>(null);
  const create = useCreateFeastOrder();
  const confirm = useConfirmFeastPayment();
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const localizedPath = useLocalizedPath();
  const errorMessage = useErrorMessage();

  if (receipt) return <Confirmed receipt={receipt} site={site} slot={catalog.slots.find((slot) => slot.id === slotId)} />;
  if (items.length === 0) {
    return (
      <section className="fk-card">
        <h2 className="fk-card__title">
          <Trans>Your cart is empty</Trans>
        </h2>
        <p>
          <Trans>Add a feast pack on the home page to pre-order it.</Trans>
        </p>
        <Link to={localizedPath('/')} className="fk-btn fk-btn--gold">
          <Trans>View Feast Packs</Trans>
        </Link>
      </section>
    );
  }

  const total = priceFeastOrder(items, catalog.taxRateBasisPoints).totalCents;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = feastOrderIntentSchema.safeParse({
      ...details,
      items: items.map((item) => ({ packId: item.id, quantity: item.quantity })),
      slotId,
      totalAmount: total,
      sessionId: getAnalyticsSessionId(),
      // The news box (docs/privacy.md): buying never depends on it.
      newsConsent,
      language,
    });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= i18n._(issueText(field, issue.code, issue.message));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    void trackEvent('checkout_started', {
      userName: result.data.customerName,
      userEmail: result.data.customerEmail,
      userPhone: result.data.customerPhone,
      metadata: { packs: items.reduce((sum, item) => sum + item.quantity, 0), totalCents: total },
    });
    create.mutate(result.data, { onSuccess: setHeld });
  }

  async function paid(paymentIntentId: string) {
    const answer = await confirm.mutateAsync({ paymentIntentId, clientSecret: held!.clientSecret });
    clearFeastCart();
    setReceipt(answer);
  }

  if (held) {
    return (
      <section className="fk-card" aria-labelledby="feast-payment">
        <h2 id="feast-payment" className="fk-card__title">
          <Trans>Payment</Trans>
        </h2>
        <OrderLines items={items} catalog={catalog} />
        {confirm.error ? (
          <p className="fk-alert" role="alert">
            {errorMessage(confirm.error)}
          </p>
        ) : null}
        <PaymentForm
          clientSecret={held.clientSecret}
          intent="payment"
          submitLabel={t`Place Pre-order`}
          returnUrl={`${window.location.origin}${localizedPath('/feast-packs/checkout')}`}
          onSucceeded={paid}
        />
        <PayAgreement />
      </section>
    );
  }

  return (
    <section className="fk-card" aria-labelledby="feast-checkout">
      <h2 id="feast-checkout" className="fk-card__title">
        <Trans>Checkout</Trans>
      </h2>
      <OrderLines items={items} catalog={catalog} />
      <form className="feast-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <label key={field.name} className="feast-form__field" htmlFor={`feast-${field.name}`}>
            <span>{i18n._(field.label)}</span>
            <input
              id={`feast-${field.name}`}
              name={field.name}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              value={details[field.name]}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `feast-${field.name}-error` : undefined}
              onChange={(e) => setDetails({ ...details, [field.name]: e.target.value })}
            />
            {errors[field.name] ? (
              <span className="feast-form__error" id={`feast-${field.name}-error`}>
                {errors[field.name]}
              </span>
            ) : null}
          </label>
        ))}
        <fieldset className="feast-form__field">
          <legend>
            <Trans>Pickup time</Trans>
          </legend>
          {catalog.slots.map((slot) => {
            const full = slot.remaining <= 0;
            const date = pickupDateIn(slot.date, language);
            const time = pickupTimeIn(slot.time, language);
            const label = t({ message: `${date} at ${time}`, comment: 'A pickup time to choose: the day (a long date) and the time.' });
            const left = slot.remaining;
            return (
              <label key={slot.id} className="feast-slot">
                <input
                  type="radio"
                  name="slotId"
                  value={slot.id}
                  disabled={full}
                  checked={slotId === slot.id}
                  onChange={() => setSlotId(slot.id)}
                />
                <span>{label}</span>
                <span className="feast-slot__left">
                  {full ? (
                    <Trans comment="A pickup time with no room left.">Full</Trans>
                  ) : (
                    <Trans comment="Packs that can still be picked up at this time.">{left} left</Trans>
                  )}
                </span>
              </label>
            );
          })}
          {errors.slotId ? <span className="feast-form__error">{errors.slotId}</span> : null}
        </fieldset>
        {errors.items ? (
          <p className="fk-alert" role="alert">
            {errors.items}
          </p>
        ) : null}
        <NewsConsentBox checked={newsConsent} onChange={setNewsConsent} />
        {create.error ? (
          <p className="fk-alert" role="alert">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <button type="submit" className="fk-btn fk-btn--large fk-btn--block" disabled={create.isPending}>
          {create.isPending ? <Trans>Holding your packs…</Trans> : <Trans>Continue to Payment</Trans>}
        </button>
      </form>
    </section>
  );
}

/**
 * `/feast-packs/checkout`: details, pickup time, card; closed, `closedCard` (the closed card as
 * on `/`). The app frames it with the site's header and footer (app/feast-checkout-route.tsx).
 */
export function FeastCheckoutPage({ closedCard }: { closedCard: ReactNode }) {
  const { data: catalog, error } = useFeastCatalog({ current: true });
  const errorMessage = useErrorMessage();
  return (
    <main className="lp-main lp-container feast-checkout">
      {error ? (
        <p className="fk-alert" role="alert">
          {errorMessage(error)}
        </p>
      ) : !catalog ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : catalog.open ? (
        <Checkout catalog={catalog} />
      ) : (
        <div className="lp-cards">{closedCard}</div>
      )}
    </main>
  );
}
