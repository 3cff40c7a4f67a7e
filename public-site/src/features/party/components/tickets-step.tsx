import {
  DEFAULT_TICKET_SETTINGS,
  formatCents,
  groupDiscountHint,
  LOW_TICKETS_NOTICE_MAX_REMAINING,
  MAX_TICKETS_PER_ORDER,
  PROMO_CODE_REFUSALS,
  promoCodeAppliedMessage,
  RELEASE_BANNER_MAX_REMAINING,
  saleWindowRefusal,
  type PartyPrice,
  type PromoCodeStatus,
  type SiteConfig,
} from '@festival/contracts';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useHydrated } from '@festival/web-kit/hydration';
import { usePartyQuote } from '../api/party-quote';
import { PriceBreakdown } from './price-breakdown';
import { TicketCounter } from './ticket-counter';
import { orderItems, seatsChosen, ticketsChosen, typedSelectionProblem, type TypeCounts, type TypedTickets } from './ticket-selection';

/** The counters by ticket type: only seasons that sell types load them (the seeded page never does). */
const loadTypedCounters = () => import('./typed-counters');
const TypedCounters = lazy(() => loadTypedCounters().then((m) => ({ default: m.TypedCounters })));
const typesLoading = <p role="status">Loading the tickets…</p>;

/** The code the buyer applied, as the quote answered it (`percent`: the code's own, when valid). */
export interface AppliedPromo {
  code: string;
  status: PromoCodeStatus;
  percent: number;
}

interface TicketsStepProps {
  site: SiteConfig;
  remaining: number | undefined;
  adultTickets: number;
  childTickets: number;
  price: PartyPrice;
  promo: AppliedPromo;
  notice: string | null;
  /** The season's ticket types and the ones chosen, when it sells them; the two counters otherwise. */
  typed?: TypedTickets;
  onCounts: (adultTickets: number, childTickets: number, items?: TypeCounts) => void;
  onPromo: (promo: AppliedPromo) => void;
  onContinue: () => void;
  /** A waitlist offer's held tickets, shown above the counters (docs/waitlist.md). */
  held?: ReactNode;
  /** Below Continue: the waitlist, when sold out. */
  waitlist?: ReactNode;
}

export function TicketsStep(props: TicketsStepProps) {
  const { site, remaining, adultTickets, childTickets, price, promo, notice, typed } = props;
  const [promoInput, setPromoInput] = useState(promo.code);
  const quote = usePartyQuote();
  const hydrated = useHydrated();
  const count = ticketsChosen(adultTickets, childTickets, typed?.items ?? {});
  const soldOut = remaining === 0;
  const limit = Math.min(MAX_TICKETS_PER_ORDER, remaining ?? MAX_TICKETS_PER_ORDER);
  // The party's capacity counts seats: a table for 8 takes 8.
  const tooMany = remaining !== undefined && seatsChosen(adultTickets, childTickets, typed?.lines ?? []) > remaining;
  const typeProblem = typed ? typedSelectionProblem(typed, adultTickets, childTickets) : null;
  const sellsTypes = typed !== undefined;
  useEffect(() => {
    if (sellsTypes) void loadTypedCounters();
  }, [sellsTypes]);
  // The sale window by this phone's clock, once in the browser (the server's HTML has no "now";
  // the API refuses a payment outside the window whatever the phone says).
  const saleWindow = { saleOpensAt: site.party.saleOpensAt ?? null, saleClosesAt: site.party.saleClosesAt ?? null };
  const saleClosed = hydrated ? saleWindowRefusal(saleWindow, new Date(), site.party.timeZone) : null;
  const discountHint = groupDiscountHint(site.party.groupDiscountTiers ?? DEFAULT_TICKET_SETTINGS.groupDiscountTiers);

  async function applyPromo(event: FormEvent) {
    event.preventDefault();
    const code = promoInput.trim();
    if (code === '') {
      props.onPromo({ code: '', status: 'none', percent: 0 });
      return;
    }
    try {
      const items = typed && typed.lines.length > 0 ? orderItems(typed.lines) : undefined;
      const result = await quote.mutateAsync({ adultTickets, childTickets, promoCode: code, items });
      // The quote's promoDiscountPercent is the code's own percent when it is valid.
      props.onPromo({ code, status: result.promoCodeStatus, percent: result.promoDiscountPercent });
    } catch (error) {
      props.onPromo({ code, status: 'none', percent: 0 });
      console.error('Promo check failed', error instanceof ApiError ? error.message : error);
    }
  }

  return (
    <section className="fk-card" aria-labelledby="tickets-heading">
      <h2 id="tickets-heading" className="fk-card__title">
        Select your tickets
      </h2>
      {remaining !== undefined && remaining > 0 && remaining <= RELEASE_BANNER_MAX_REMAINING ? (
        <p className="party-banner" role="status">
          Due to popular demand, we've released 15 more tickets. Grab yours before they're gone!
        </p>
      ) : null}
      {saleClosed ? (
        <p className="fk-alert" role="status">
          {saleClosed}
        </p>
      ) : null}
      {soldOut ? (
        <p className="party-soldout" role="status">
          SOLD OUT
        </p>
      ) : remaining !== undefined && remaining <= LOW_TICKETS_NOTICE_MAX_REMAINING ? (
        <p className="party-remaining" role="status">
          Only {remaining} {remaining === 1 ? 'ticket' : 'tickets'} remaining!
        </p>
      ) : null}
      {props.held}
      {notice ? (
        <p className="fk-alert" role="alert">
          {notice}
        </p>
      ) : null}

      {typed ? (
        typed.types ? (
          <Suspense fallback={typesLoading}>
            <TypedCounters
              site={site}
              types={typed.types}
              seatsLeft={remaining}
              adultTickets={adultTickets}
              childTickets={childTickets}
              items={typed.items}
              interactive={hydrated}
              onCounts={props.onCounts}
            />
          </Suspense>
        ) : typed.failed ? (
          <p className="fk-alert" role="alert">
            The tickets could not load. Check your connection and reload the page.
          </p>
        ) : (
          typesLoading
        )
      ) : (
        <>
          <TicketCounter
            kind="adult"
            label="Adult tickets"
            detail={site.party.adultAges}
            price={formatCents(site.party.adultPriceCents)}
            value={adultTickets}
            canIncrease={!soldOut && count < limit}
            interactive={hydrated}
            onChange={(n) => props.onCounts(n, childTickets)}
          />
          <TicketCounter
            kind="child"
            label="Child tickets"
            detail={`${site.party.childAges} (${site.party.freeUnder.toLowerCase()})`}
            price={formatCents(site.party.childPriceCents)}
            value={childTickets}
            canIncrease={!soldOut && count < limit}
            interactive={hydrated}
            onChange={(n) => props.onCounts(adultTickets, n)}
          />
        </>
      )}
      {discountHint ? <p className="party-hint">{discountHint}</p> : null}

      <form className="promo-box" onSubmit={applyPromo}>
        <label htmlFor="promo-code">Promo code</label>
        <div className="promo-box__row">
          <input
            id="promo-code"
            value={promoInput}
            disabled={!hydrated}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(e) => setPromoInput(e.target.value)}
          />
          <button type="submit" className="fk-btn fk-btn--large fk-btn--secondary" disabled={!hydrated || quote.isPending}>
            {quote.isPending ? 'Checking...' : 'Apply'}
          </button>
        </div>
        {promo.status === 'valid' ? (
          <p className="promo-box__ok" role="status">
            {promoCodeAppliedMessage(promo.percent)}
          </p>
        ) : promo.status !== 'none' ? (
          <p className="promo-box__error" role="alert">
            {PROMO_CODE_REFUSALS[promo.status]}
          </p>
        ) : null}
      </form>

      <PriceBreakdown price={price} lines={typed?.lines} />

      <button
        type="button"
        className="fk-btn fk-btn--large"
        disabled={!hydrated || count === 0 || soldOut || tooMany || typeProblem !== null || saleClosed !== null}
        onClick={props.onContinue}
      >
        Continue
      </button>
      {count === 0 && !soldOut && !saleClosed ? <p className="party-hint party-hint--center">Please select at least one ticket</p> : null}
      {tooMany ? (
        <p className="party-hint party-hint--center" role="alert">
          Only {remaining} {remaining === 1 ? 'ticket' : 'tickets'} remaining
        </p>
      ) : typeProblem ? (
        <p className="party-hint party-hint--center" role="alert">
          {typeProblem}
        </p>
      ) : null}
      {props.waitlist}
    </section>
  );
}
