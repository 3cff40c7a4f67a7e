import { useQueryClient } from '@festival/query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@festival/router';
import { drinkTabReference, formatCents, tipCentsOf, type Tip } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useLanguage, useLocalizedPath } from '@festival/web-kit/i18n';
import { CHECKOUT_CATALOGUE } from '@festival/web-kit/checkout-texts';
import { PaymentForm } from '@festival/web-kit/payments';
import { PayAgreement } from '@festival/web-kit/legal';
import { useMyTab } from '#shared/api/drink-tab.ts';
import { drinksMenuQuery, useDrinksMenu } from '#shared/api/drinks-menu.ts';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { StatusPanel } from '#shared/components/status-panel.tsx';
import { cartPrice, unavailableItems, useCartStore, type GuestDetails } from '#shared/stores/cart-store.ts';
import { useTabStore } from '#shared/stores/tab-store.ts';
import { moreMessages } from '../../../app/languages';
import { useCreateDrinkPayment } from '../api/create-drink-payment';
import { useOpenDrinkTab } from '../api/open-drink-tab';
import { useOrderOnTab } from '../api/order-on-tab';
import { GuestForm } from './guest-form';
import { OrderSummary } from './order-summary';
import { PaymentChoice, type PaymentMethod } from './payment-choice';

/** The tip picker, loaded only when the checkout shows it (the menu's bundle stays small). */
const TipPicker = lazy(() => import('#shared/components/tip-picker.tsx').then((m) => ({ default: m.TipPicker })));

/** The card step: paying this order now, or saving a card to open a tab. */
type CardStep = { intent: 'payment'; clientSecret: string } | { intent: 'setup'; clientSecret: string; tabId: string };

/**
 * The web kit's card form and pay line speak the page's language: their texts join the page's
 * with the checkout's code, not with the menu's (docs/languages.md).
 */
const CheckoutTexts = moreMessages(CHECKOUT_CATALOGUE);

/** `/drinks/checkout`: the order, the guest's details, then pay now, open a tab, or add to the open tab. */
export function CheckoutPage() {
  return (
    <CheckoutTexts>
      <Checkout />
    </CheckoutTexts>
  );
}

function Checkout() {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menu = useDrinksMenu();
  const items = useCartStore((s) => s.items);
  const savedGuest = useCartStore((s) => s.guest);
  const setGuest = useCartStore((s) => s.setGuest);
  const clearCart = useCartStore((s) => s.clear);
  const syncWithMenu = useCartStore((s) => s.syncWithMenu);
  const startPendingTab = useTabStore((s) => s.startPending);
  const myTab = useMyTab();
  const createPayment = useCreateDrinkPayment();
  const openTab = useOpenDrinkTab();
  const orderOnTab = useOrderOnTab();

  const [guest, setGuestState] = useState<GuestDetails>(() => ({
    ...savedGuest,
    customerName: savedGuest.customerName || myTab.saved?.customerName || '',
  }));
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [cardStep, setCardStep] = useState<CardStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tip, setTip] = useState<Tip>({ percent: 0 });

  useEffect(() => {
    if (menu.data) syncWithMenu(menu.data);
  }, [menu.data, syncWithMenu]);

  // With an open tab, adding to it is the obvious choice and a second tab is not offered;
  // without one, adding to a tab is not offered.
  const method: PaymentMethod = myTab.open
    ? chosen === null || chosen === 'open-tab'
      ? 'tab'
      : chosen
    : chosen === null || chosen === 'tab'
      ? 'pay-now'
      : chosen;
  const price = cartPrice(items);
  const tipCents = method === 'pay-now' ? tipCentsOf(price.subtotalCents, tip) : 0;
  const unavailable = unavailableItems(items);
  const pending = createPayment.isPending || openTab.isPending || orderOnTab.isPending;
  const nameMissing = guest.customerName.trim() === '';
  const title = t({ message: 'Checkout', comment: 'Title of the page where the guest pays for the drinks in the cart.' });
  const menuPath = localizedPath('/drinks');

  if (items.length === 0 && !cardStep) {
    return (
      <DrinksPage title={title}>
        <StatusPanel tone="empty" title={t`Cart Empty`}>
          <p>
            <Trans>Your cart is empty. Pick a drink or two from the menu first.</Trans>
          </p>
          <Link className="fk-btn" to={menuPath}>
            <Trans>Back to Menu</Trans>
          </Link>
        </StatusPanel>
      </DrinksPage>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (nameMissing || pending) return;
    setError(null);
    setGuest(guest);
    const lines = items.map(({ id, name, price: each, quantity }) => ({ id, name, price: each, quantity }));
    try {
      if (method === 'tab' && myTab.saved) {
        const receipt = await orderOnTab.mutateAsync({
          tabId: myTab.saved.tabId,
          request: { tabToken: myTab.saved.tabToken, items: lines, total: price.totalCents, tableNumber: guest.tableNumber, language },
        });
        clearCart();
        void queryClient.invalidateQueries(drinksMenuQuery);
        navigate(localizedPath(`/drinks/confirmation?tab_order=${encodeURIComponent(receipt.orderId)}`));
      } else if (method === 'open-tab') {
        const created = await openTab.mutateAsync({ ...guest, language });
        startPendingTab({ tabId: created.tabId, tabToken: created.tabToken, customerName: guest.customerName.trim() });
        setCardStep({ intent: 'setup', clientSecret: created.clientSecret, tabId: created.tabId });
        window.scrollTo({ top: 0 });
      } else {
        const created = await createPayment.mutateAsync({
          ...guest,
          language,
          items: lines,
          total: price.totalCents,
          ...(tipCents > 0 ? { tip } : {}),
        });
        setCardStep({ intent: 'payment', clientSecret: created.clientSecret });
        window.scrollTo({ top: 0 });
      }
    } catch (e) {
      setError((e instanceof ApiError && e.serverMessage) || t`Error creating payment`);
      // A changed price or stock: fetch the menu again so the cart shows what changed.
      if (e instanceof ApiError && e.status === 409) void queryClient.invalidateQueries(drinksMenuQuery);
    }
  }

  if (cardStep) {
    const origin = window.location.origin;
    const total = formatCents(price.totalCents + tipCents);
    const tipAmount = formatCents(tipCents);
    return (
      <DrinksPage title={title}>
        <section className="fk-card" aria-labelledby="card-title">
          <h2 className="fk-card__title" id="card-title">
            {cardStep.intent === 'payment' ? (
              <Trans>Pay for Your Drinks</Trans>
            ) : (
              <Trans comment="Review: heading of the card form that opens a bar tab (a running bill paid at the end).">Open Your Tab</Trans>
            )}
          </h2>
          {cardStep.intent === 'payment' ? (
            <p className="drinks-hint">
              {tipCents > 0 ? (
                <Trans comment="The amount the card is charged now (total), the tip (tipAmount) being part of it. US dollars.">
                  Total to pay: <strong data-testid="payment-total">{total}</strong> (tip {tipAmount} included)
                </Trans>
              ) : (
                <Trans comment="The amount the card is charged now, in US dollars.">
                  Total to pay: <strong data-testid="payment-total">{total}</strong>
                </Trans>
              )}
            </p>
          ) : (
            <p className="drinks-hint">
              <Trans comment="Review: how a bar tab works: the card is saved, not charged now; all drinks ordered from this phone are charged together once, when the tab closes (at the latest when the party ends).">
                Your card is saved securely and nothing is charged now. Order as often as you like from this phone; the tab is charged once
                when it closes, at the latest at the end of the party. Once the tab is open, put this cart on it with one tap.
              </Trans>
            </p>
          )}
          <PaymentForm
            clientSecret={cardStep.clientSecret}
            intent={cardStep.intent}
            submitLabel={
              cardStep.intent === 'payment'
                ? t({ message: 'Pay Now', comment: 'Payment choice, and the button that pays: pay this order by card now.' })
                : t({
                    message: 'Save Card & Open Tab',
                    comment: 'Review: button of the card form: saves the card (no charge now) and opens the bar tab.',
                  })
            }
            returnUrl={
              cardStep.intent === 'payment'
                ? `${origin}${localizedPath('/drinks/confirmation')}`
                : `${origin}${localizedPath(`/drinks/tab-confirmation?tabId=${cardStep.tabId}`)}`
            }
            onSucceeded={(intentId) => {
              navigate(
                localizedPath(
                  cardStep.intent === 'payment'
                    ? `/drinks/confirmation?payment_intent=${encodeURIComponent(intentId)}&payment_intent_client_secret=${encodeURIComponent(cardStep.clientSecret)}&redirect_status=succeeded`
                    : `/drinks/tab-confirmation?tabId=${encodeURIComponent(cardStep.tabId)}&setup_intent=${encodeURIComponent(intentId)}&redirect_status=succeeded`,
                ),
              );
            }}
          />
          <PayAgreement />
          <button type="button" className="fk-btn fk-btn--secondary" onClick={() => setCardStep(null)}>
            <Trans comment="Button: leaves the card form, back to the order and the guest's details.">Back</Trans>
          </button>
        </section>
      </DrinksPage>
    );
  }

  const names = unavailable.map((i) => i.name).join(', ');
  const count = unavailable.length;
  return (
    <DrinksPage title={title}>
      <OrderSummary items={items} price={price} />
      {count > 0 ? (
        <p className="fk-alert" role="alert">
          <Trans comment="names: the drinks (comma-separated) that are out of stock or short; count: how many drinks are named. The link goes back to the menu.">
            <Plural
              value={count}
              one={`${names} is no longer available in that quantity.`}
              other={`${names} are no longer available in that quantity.`}
            />{' '}
            <Link to={menuPath}>Back to Menu</Link> to change your cart.
          </Trans>
        </p>
      ) : null}
      <form className="fk-card" onSubmit={submit} noValidate aria-labelledby="details-title">
        <h2 className="fk-card__title" id="details-title">
          <Trans>Your Details</Trans>
        </h2>
        <GuestForm guest={guest} onChange={setGuestState} />
        <PaymentChoice
          method={method}
          onChange={setChosen}
          tab={myTab.open && myTab.view ? { reference: drinkTabReference(myTab.view.tabId), totalCents: myTab.view.totalCents } : null}
        />
        {method === 'pay-now' ? (
          <Suspense fallback={null}>
            <TipPicker subtotalCents={price.subtotalCents} tip={tip} onChange={setTip} />
          </Suspense>
        ) : null}
        {error ? (
          <p className="fk-alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="checkout-actions">
          <button type="submit" className="fk-btn fk-btn--block" disabled={nameMissing || pending || unavailable.length > 0}>
            {pending ? (
              <Trans>Please wait…</Trans>
            ) : method === 'tab' ? (
              <Trans comment="Review: button that puts this order on the guest's open bar tab (no card, paid when the tab closes).">
                Place Order on My Tab
              </Trans>
            ) : (
              <Trans>Continue to Payment</Trans>
            )}
          </button>
          <Link className="fk-btn fk-btn--secondary fk-btn--block" to={menuPath}>
            <Trans>Back to Menu</Trans>
          </Link>
        </div>
      </form>
    </DrinksPage>
  );
}
