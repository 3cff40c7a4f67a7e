import './feast.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  feastOrderIntentSchema,
  formatCents,
  pickupDateLabel,
  pickupTimeLabel,
  priceFeastOrder,
  type FeastCatalog,
  type FeastOrderIntentResponse,
  type FeastOrderReceipt,
  type SiteConfig,
} from '@festival/contracts';
import { Link } from '@festival/router';
import { getAnalyticsSessionId, trackEvent } from '@festival/web-kit/analytics';
import { PaymentForm } from '@festival/web-kit/payments';
import { NewsConsentBox, PayAgreement } from '@festival/web-kit/legal';
import { useSiteConfig } from '@festival/web-kit/site';
import { useFeastCartStore, type FeastCartItem } from '../stores/feast-cart-store';
import { clearFeastCart } from '../lib/feast-cart';
import { useConfirmFeastPayment, useCreateFeastOrder, useFeastCatalog } from '../api/feast-catalog';

interface Details {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}
type Field = keyof Details | 'slotId' | 'items';

const FIELDS: { name: keyof Details; label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { name: 'customerName', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'customerEmail', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'customerPhone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

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
      <dt>Subtotal</dt>
      <dd>{formatCents(price.subtotalCents)}</dd>
      <dt>Tax</dt>
      <dd>{formatCents(price.taxCents)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{formatCents(price.totalCents)}</strong>
      </dd>
    </dl>
  );
}

function Confirmed({ receipt, site }: { receipt: FeastOrderReceipt; site: SiteConfig | undefined }) {
  return (
    <section className="fk-card" aria-labelledby="feast-confirmed">
      <h2 id="feast-confirmed" className="fk-card__title">
        Pre-order Confirmed
      </h2>
      <p>
        Order reference: <strong data-testid="feast-reference">{receipt.reference}</strong>
      </p>
      <p>
        Pick up on <strong>{receipt.pickupDate}</strong> at <strong>{receipt.pickupTime}</strong>
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
        Total paid: <strong>{formatCents(receipt.totalCents)}</strong>
      </p>
      <p className="feast-hint">We have e-mailed your pickup code{receipt.customerEmail ? ` to ${receipt.customerEmail}` : ''}.</p>
      <Link to="/" className="fk-btn fk-btn--maroon">
        Back to the home page
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

  if (receipt) return <Confirmed receipt={receipt} site={site} />;
  if (items.length === 0) {
    return (
      <section className="fk-card">
        <h2 className="fk-card__title">Your cart is empty</h2>
        <p>Add a feast pack on the home page to pre-order it.</p>
        <Link to="/" className="fk-btn fk-btn--gold">
          View Feast Packs
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
    });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
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
          Payment
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
          submitLabel="Place Pre-order"
          returnUrl={`${window.location.origin}/feast-packs/checkout`}
          onSucceeded={paid}
        />
        <PayAgreement />
      </section>
    );
  }

  return (
    <section className="fk-card" aria-labelledby="feast-checkout">
      <h2 id="feast-checkout" className="fk-card__title">
        Checkout
      </h2>
      <OrderLines items={items} catalog={catalog} />
      <form className="feast-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <label key={field.name} className="feast-form__field" htmlFor={`feast-${field.name}`}>
            <span>{field.label}</span>
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
          <legend>Pickup time</legend>
          {catalog.slots.map((slot) => {
            const full = slot.remaining <= 0;
            const label = `${pickupDateLabel(slot.date)} at ${pickupTimeLabel(slot.time)}`;
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
                <span className="feast-slot__left">{full ? 'Full' : `${slot.remaining} left`}</span>
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
          {create.isPending ? 'Holding your packs…' : 'Continue to Payment'}
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
  return (
    <main className="lp-main lp-container feast-checkout">
      {error ? (
        <p className="fk-alert" role="alert">
          {errorMessage(error)}
        </p>
      ) : !catalog ? (
        <p role="status">Loading…</p>
      ) : catalog.open ? (
        <Checkout catalog={catalog} />
      ) : (
        <div className="lp-cards">{closedCard}</div>
      )}
    </main>
  );
}
