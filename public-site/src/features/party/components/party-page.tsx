import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PROMO_CODE_REFUSALS,
  promoRefusalCode,
  TICKETS_CHANGED_CODE_PREFIX,
  LATE_REFUND_CODE,
  type PartyContact,
  type PartyGuest,
  type PromoCodeStatus,
} from '@festival/contracts';
import { useQueryClient } from '@festival/query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, type ReactNode } from 'react';
import { useSearchParams } from '@festival/router';
import { getAnalyticsSessionId, trackEvent, usePageTracking } from '@festival/web-kit/analytics';
import { ApiError } from '@festival/web-kit/api-client';
import { useLanguage } from '@festival/web-kit/i18n';
import { useSaleDate } from '@festival/web-kit/sale-date';
import { LegalLinks } from '@festival/web-kit/legal';
import { siteConfigQuery, usePageMeta, useSiteConfig } from '@festival/web-kit/site';
import { useConfirmPartyPayment } from '../api/confirm-party-payment';
import { useCreatePartyOrder } from '../api/create-party-order';
import { usePartyTicketStats } from '../api/party-ticket-stats';
import { refreshTicketsLeft } from '../api/party-ticket-types';
import { useWaitlistOffer } from '../api/waitlist-offer';
import { EventHero } from './event-hero';
import { useEventLabels } from './party-labels';
import { INITIAL_PARTY_STATE, partyReducer, type Step } from './party-state';
import type { SeatDraft } from './meals-section';
import { orderItems, ticketsChosen, usePartySelection } from './ticket-selection';
import { TicketsStep } from './tickets-step';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import '@festival/web-kit/indic-fonts.css';
import './party.css';

/**
 * The steps after the first come when the guest gets there: the page loads with the tickets
 * step alone, and the contact form (with the schema library that checks it), the payment form
 * and the confirmation arrive as their own chunks. They start loading as soon as the guest
 * picks a first ticket (see onCounts), so Continue rarely waits for them.
 */
const loadContactStep = () => import('./contact-step');
const loadPaymentStep = () => import('./payment-step');
const ContactStep = lazy(() => loadContactStep().then((m) => ({ default: m.ContactStep })));
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));
const ConfirmationStep = lazy(() => import('./confirmation-step').then((m) => ({ default: m.ConfirmationStep })));
function StepLoading() {
  return (
    <p role="status">
      <Trans>Loading…</Trans>
    </p>
  );
}
/** The waitlist form: its own chunk, fetched only when the party is sold out. */
const WaitlistForm = lazy(() => import('./waitlist-form').then((m) => ({ default: m.WaitlistForm })));

const STEPS: { id: Step; label: MessageDescriptor }[] = [
  { id: 'tickets', label: msg({ message: 'Tickets', comment: 'Purchase step 1 of 4: choosing the tickets.' }) },
  { id: 'contact', label: msg({ message: 'Contact', comment: "Purchase step 2 of 4: the buyer's name, e-mail and phone." }) },
  { id: 'payment', label: msg({ message: 'Payment', comment: 'Purchase step 3 of 4: paying by card.' }) },
  { id: 'confirmation', label: msg({ message: 'Confirmation', comment: 'Purchase step 4 of 4: the tickets are bought.' }) },
];

const CONFIRM_FAILED = msg({
  message: 'Payment went through, but there was an issue processing your order. Please contact us with your payment details.',
  comment: 'Review: the card was charged but the order could not be completed; the guest should contact the restaurant.',
});

/**
 * What a refused payment intent means to the page: a promo code refused (`promo`), the tickets on
 * offer changed (`ticketsChanged`), or neither. A translated refusal says so by its code; an
 * English one (the spec's texts, unchanged) by its words.
 */
function refusalOf(error: ApiError): { promo?: PromoCodeStatus; ticketsChanged: boolean } {
  const code = error.serverCode;
  const message = error.serverMessage ?? '';
  const promo = (Object.keys(PROMO_CODE_REFUSALS) as (keyof typeof PROMO_CODE_REFUSALS)[]).find((status) =>
    code ? promoRefusalCode(status) === code : PROMO_CODE_REFUSALS[status] === message,
  );
  const ticketsChanged = code
    ? code.startsWith(TICKETS_CHANGED_CODE_PREFIX)
    : /sold out|remaining|price has changed|tickets (go|are not|are no longer) on sale/i.test(message);
  return { promo, ticketsChanged };
}

/**
 * `/diwali-party`: tickets, contact, payment, confirmation. `after` goes below the tickets step's
 * purchase card (the app puts `Find my tickets` there).
 */
export function PartyPage({ after }: { after?: ReactNode } = {}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const stats = usePartyTicketStats();
  const createOrder = useCreatePartyOrder();
  const { mutateAsync: confirmPayment } = useConfirmPartyPayment();
  const [searchParams, setSearchParams] = useSearchParams();
  // A waitlist offer's personal link: its held tickets are this buyer's (docs/waitlist.md).
  const offerToken = searchParams.get('offer');
  const offer = useWaitlistOffer(offerToken);
  const liveOffer = offer.data;

  const [state, dispatch] = useReducer(partyReducer, INITIAL_PARTY_STATE);
  const {
    step,
    adultTickets,
    childTickets,
    items,
    promo,
    contact,
    guests,
    order,
    receipt,
    paidSecret,
    notice,
    contactError,
    paymentError,
  } = state;
  const headingRef = useRef<HTMLDivElement>(null);
  const addedToCart = useRef(false);
  // The payment a redirect came back with, once handled: it is confirmed once, whatever re-renders.
  const returnHandled = useRef<string | null>(null);
  // The offered tickets filled in once the offer is known, as adults (the buyer may split them).
  const offerFilled = useRef(false);
  useEffect(() => {
    if (!liveOffer || offerFilled.current) return;
    offerFilled.current = true;
    dispatch({ type: 'counts-changed', adultTickets: liveOffer.tickets, childTickets: 0 });
  }, [liveOffer]);
  usePageTracking('party_page_view');
  const eventLabels = useEventLabels(site.data?.party);
  const formatDate = useSaleDate();
  const partyName = site.data?.party.name ?? '';
  const restaurantName = site.data?.restaurant.name ?? '';
  const { dateLabel, timeLabel } = eventLabels;
  const venueName = site.data?.party.venue.name ?? '';
  const experience = site.data?.party.experience ?? '';
  usePageMeta(
    site.data && {
      title: t({
        message: `${partyName} tickets | ${restaurantName}`,
        comment: "The browser tab's title: the party's name, then the restaurant's.",
      }),
      description: t({
        message: `${partyName}, ${dateLabel}, ${timeLabel} at ${venueName}. ${experience}`,
        comment:
          "Description of the party page for search results and shared links: the party, its date and time, its venue, then the party's own description.",
      }),
    },
  );

  // The ticket types too, when the season sells them: never asked for otherwise.
  const { price, typed } = usePartySelection(site.data, { adultTickets, childTickets, items, promo });

  /** Shows a new step from its top, keyboard focus on the steps. */
  const showStep = useCallback(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);

  const finish = useCallback(
    async (paymentIntentId: string, clientSecret: string | null) => {
      dispatch({ type: 'payment-confirming' });
      try {
        const paid = await confirmPayment({ paymentIntentId, clientSecret });
        dispatch({ type: 'paid', receipt: paid, clientSecret });
        refreshTicketsLeft(queryClient);
        showStep();
      } catch (error) {
        // A late payment refunded says why, in the page's language (by its code; in English by its words).
        const message = error instanceof ApiError ? error.serverMessage : undefined;
        const refunded =
          error instanceof ApiError && (error.serverCode ? error.serverCode === LATE_REFUND_CODE : /refunded/i.test(message ?? ''));
        dispatch({ type: 'payment-failed', error: refunded && message ? message : i18n._(CONFIRM_FAILED) });
      }
    },
    [confirmPayment, queryClient, showStep, i18n],
  );

  // Back from a payment method that redirects (Stripe): finish the order from the URL, once.
  const returnedIntent = searchParams.get('payment_intent');
  const returnedStatus = searchParams.get('redirect_status');
  const returnedSecret = searchParams.get('payment_intent_client_secret');
  useEffect(() => {
    if (!returnedIntent || returnHandled.current === returnedIntent) return;
    returnHandled.current = returnedIntent;
    setSearchParams({}, { replace: true });
    if (returnedStatus === 'succeeded') void finish(returnedIntent, returnedSecret);
    else dispatch({ type: 'payment-not-completed' });
  }, [returnedIntent, returnedStatus, returnedSecret, setSearchParams, finish]);

  async function startPayment(details: PartyContact, guests?: PartyGuest[], drafts?: SeatDraft[], newsConsent = false) {
    dispatch({ type: 'payment-requested', contact: details, guests: drafts });
    const customerName = `${details.firstName} ${details.lastName}`;
    void trackEvent('party_checkout_started', {
      userName: customerName,
      userEmail: details.email,
      userPhone: details.phone,
      metadata: { adultTickets, childTickets, totalCents: price.totalCents },
    });
    try {
      const created = await createOrder.mutateAsync({
        customerName,
        customerEmail: details.email,
        customerPhone: details.phone,
        adultTickets,
        childTickets,
        totalAmount: price.totalCents,
        promoCode: promo.status === 'valid' ? promo.code : undefined,
        sessionId: getAnalyticsSessionId(),
        items: typed && typed.lines.length > 0 ? orderItems(typed.lines) : undefined,
        // Only when the season asks meals (docs/meals.md): without, the request is as it always was.
        ...(guests ? { guests } : {}),
        offerToken: liveOffer ? (offerToken ?? undefined) : undefined,
        // The news box (docs/privacy.md): buying never depends on it.
        newsConsent,
        // The page's language: the order's e-mails come in it, and staff see it (docs/languages.md).
        language,
      });
      dispatch({ type: 'order-created', order: created });
      refreshTicketsLeft(queryClient);
      showStep();
    } catch (error) {
      // The server answers in the page's language (the api client sends it); the page's own fallback is translated.
      const serverMessage = (error instanceof ApiError && error.serverMessage) || null;
      const message =
        serverMessage ??
        t({
          message: 'Failed to initialize payment. Please try again.',
          comment: 'Review: the payment could not be started (nothing was charged).',
        });
      const refusal = error instanceof ApiError ? refusalOf(error) : { ticketsChanged: false };
      if (refusal.promo) {
        // The code expired, was used up or switched off since it was applied: back to the tickets,
        // where the promo box says so beside the code and the price no longer takes it off.
        dispatch({ type: 'promo-refused', status: refusal.promo });
        showStep();
      } else if (refusal.ticketsChanged) {
        dispatch({ type: 'tickets-changed', notice: message });
        refreshTicketsLeft(queryClient);
        void queryClient.invalidateQueries(siteConfigQuery);
        showStep();
      } else {
        dispatch({ type: 'contact-failed', error: message });
      }
    }
  }

  if (site.isPending) {
    return (
      <main className="party-page">
        <div className="party-loading" role="status">
          <Trans>Loading the party details…</Trans>
        </div>
      </main>
    );
  }
  if (site.isError) {
    return (
      <main className="party-page">
        <p className="fk-alert" role="alert">
          <Trans>The party details could not load. Check your connection and reload the page.</Trans>
        </p>
      </main>
    );
  }

  const currentIndex = STEPS.findIndex((s) => s.id === step);
  // With a live offer, the buyer's tickets are the offer's, whatever the party has left.
  const remaining = liveOffer ? liveOffer.tickets : stats.data?.remaining;
  const heldUntil = liveOffer ? formatDate(liveOffer.expiresAt, site.data.party.timeZone) : null;
  const held = liveOffer ? (
    <p className="party-held" role="status">
      <Trans comment="A waitlist offer: the tickets are kept for this guest until heldUntil (a date and time).">
        Tickets held for you until {heldUntil}
      </Trans>
    </p>
  ) : offer.isError ? (
    <p className="fk-alert" role="alert">
      <Trans comment="The guest's waitlist offer link no longer works (expired, used or unknown).">This offer has expired</Trans>
    </p>
  ) : null;
  return (
    <main className="party-page">
      <EventHero site={site.data} />
      <div className="party-body" ref={headingRef} tabIndex={-1}>
        <ol className="party-steps" aria-label={t`Purchase steps`}>
          {STEPS.map((s, i) => (
            <li
              key={s.id}
              className={
                i === currentIndex
                  ? 'party-steps__item party-steps__item--current'
                  : i < currentIndex
                    ? 'party-steps__item party-steps__item--done'
                    : 'party-steps__item'
              }
              aria-current={i === currentIndex ? 'step' : undefined}
            >
              {i18n._(s.label)}
            </li>
          ))}
        </ol>
        {step === 'tickets' ? (
          <TicketsStep
            site={site.data}
            remaining={remaining}
            held={held}
            waitlist={
              remaining === 0 ? (
                <Suspense fallback={null}>
                  <WaitlistForm />
                </Suspense>
              ) : null
            }
            adultTickets={adultTickets}
            childTickets={childTickets}
            price={price}
            promo={promo}
            notice={notice}
            typed={typed}
            onCounts={(adults, children, chosen = items) => {
              if (!addedToCart.current && ticketsChosen(adults, children, chosen) > ticketsChosen(adultTickets, childTickets, items)) {
                addedToCart.current = true;
                void loadContactStep();
                void loadPaymentStep();
                void trackEvent('party_add_to_cart', { metadata: { adultTickets: adults, childTickets: children } });
              }
              dispatch({ type: 'counts-changed', adultTickets: adults, childTickets: children, items: chosen });
            }}
            onPromo={(applied) => dispatch({ type: 'promo-changed', promo: applied })}
            onContinue={() => {
              dispatch({ type: 'contact-opened' });
              showStep();
            }}
          />
        ) : null}
        {step === 'tickets' ? after : null}
        {/* Outside the tickets step only: the pre-rendered HTML (the tickets step) stays as it was. */}
        {step !== 'tickets' ? (
          <Suspense fallback={<StepLoading />}>
            {step === 'contact' ? (
              <ContactStep
                initial={contact}
                pending={createOrder.isPending}
                error={contactError}
                onBack={(values, drafts) => {
                  dispatch({ type: 'tickets-reopened', contact: values, guests: drafts });
                  showStep();
                }}
                onSubmit={startPayment}
                meals={site.data.party.meals}
                tickets={{ adultTickets, childTickets, lines: typed?.lines }}
                initialGuests={guests}
              />
            ) : null}
            {step === 'payment' && order ? (
              <PaymentStep
                orderId={order.orderId}
                clientSecret={order.clientSecret}
                price={price}
                holdExpiresAt={order.holdExpiresAt}
                error={paymentError}
                onPaid={(paymentIntentId) => finish(paymentIntentId, order.clientSecret)}
              />
            ) : null}
            {step === 'confirmation' && receipt ? <ConfirmationStep receipt={receipt} site={site.data} clientSecret={paidSecret} /> : null}
          </Suspense>
        ) : null}
      </div>
      <footer className="guest-footer">
        <LegalLinks />
      </footer>
    </main>
  );
}
