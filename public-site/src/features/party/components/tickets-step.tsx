import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_TICKET_SETTINGS,
  formatCents,
  LOW_TICKETS_NOTICE_MAX_REMAINING,
  MAX_TICKETS_PER_ORDER,
  RELEASE_BANNER_MAX_REMAINING,
  saleWindowState,
  type GroupDiscountTier,
  type PartyPrice,
  type PromoCodeStatus,
  type SiteConfig,
} from '@festival/contracts';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useHydrated } from '@festival/web-kit/hydration';
import { usePartyQuote } from '../api/party-quote';
import { useAgeLabels } from './party-labels';
import { PAYMENT_NOT_COMPLETED } from './party-state';
import { PriceBreakdown } from './price-breakdown';
import { TicketCounter } from './ticket-counter';
import {
  orderItems,
  seatsChosen,
  ticketsChosen,
  typedSelectionProblem,
  type SelectionProblem,
  type TypeCounts,
  type TypedTickets,
} from './ticket-selection';
import { useSaleDate } from '@festival/web-kit/sale-date';

/** The counters by ticket type: only seasons that sell types load them (the seeded page never does). */
const loadTypedCounters = () => import('./typed-counters');
const TypedCounters = lazy(() => loadTypedCounters().then((m) => ({ default: m.TypedCounters })));
function TypesLoading() {
  return (
    <p role="status">
      <Trans>Loading the tickets…</Trans>
    </p>
  );
}

/** A code that takes nothing off, in the words of `PROMO_CODE_REFUSALS` (the API's), translated. */
const PROMO_REFUSALS: Record<Exclude<PromoCodeStatus, 'none' | 'valid'>, MessageDescriptor> = {
  invalid: msg({ message: 'Invalid promo code', comment: 'The promo code the guest typed does not exist or is switched off.' }),
  expired: msg`This promo code has expired`,
  'used-up': msg({
    message: 'This promo code has been used up',
    comment: 'The promo code reached the number of orders it may be used for.',
  }),
};

/** The group discounts (`Groups of 10 or more save 3%, groups of 20 or more save 5%.`), as `groupDiscountHint` words them. */
function GroupDiscountHint({ tiers }: { tiers: readonly GroupDiscountTier[] }) {
  const { t } = useLingui();
  const [first, ...more] = [...tiers].sort((a, b) => a.minTickets - b.minTickets);
  if (!first) return null;
  const { minTickets, percent } = first;
  const moreTiers = more
    .map((tier) => {
      const tierMinTickets = tier.minTickets;
      const tierPercent = tier.percent;
      return t({
        message: `groups of ${tierMinTickets} or more save ${tierPercent}%`,
        comment:
          'Review: a further group discount, after the first in the same sentence (…, groups of 20 or more save 5%). tierMinTickets is the tickets in one order, tierPercent the discount.',
      });
    })
    .join(', ');
  const text =
    more.length === 0
      ? t({
          message: `Groups of ${minTickets} or more save ${percent}%.`,
          comment: 'Review: the discount for a large group; minTickets is the tickets in one order, percent the discount.',
        })
      : t({
          message: `Groups of ${minTickets} or more save ${percent}%, ${moreTiers}.`,
          comment:
            'Review: the discounts for large groups; minTickets is the tickets in one order, percent the discount; moreTiers lists the larger groups’ discounts (groups of 20 or more save 5%).',
        });
  return <p className="party-hint">{text}</p>;
}

/** Why the chosen tickets of a type cannot be bought as they are, in the API's words, translated. */
function SelectionProblemText({ problem }: { problem: SelectionProblem }) {
  const name = problem.name;
  const remaining = problem.remaining;
  switch (problem.kind) {
    case 'not-on-sale':
      return <Trans comment="name is a ticket type (VIP Table).">{name} tickets are not on sale</Trans>;
    case 'sold-out':
      return <Trans comment="name is a ticket type (VIP Table).">{name} tickets are sold out</Trans>;
    case 'too-few':
      return (
        <Plural
          value={remaining}
          one={`Only # ${name} ticket remaining`}
          other={`Only # ${name} tickets remaining`}
          comment="name is a ticket type (VIP Table); # is how many of it are left."
        />
      );
  }
}

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
  const { t, i18n } = useLingui();
  const formatDate = useSaleDate();
  const ages = useAgeLabels(props.site.party);
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
  const now = hydrated ? new Date() : null;
  const closedState = now ? saleWindowState(saleWindow, now) : null;
  // The API's two refusals for the sale window (ticket-selection.ts), in the page's language.
  const opensOn = saleWindow.saleOpensAt ? formatDate(saleWindow.saleOpensAt, site.party.timeZone) : '';
  const saleClosed =
    closedState === 'not-open'
      ? t({ message: `Ticket sales open on ${opensOn}`, comment: 'opensOn is a date and time (Tuesday, September 1, 2026 at 10:00 AM).' })
      : closedState === 'ended'
        ? t`Ticket sales have ended`
        : null;
  const promoPercent = promo.percent;
  const ticketsLeft = remaining ?? 0;
  const discountTiers = site.party.groupDiscountTiers ?? DEFAULT_TICKET_SETTINGS.groupDiscountTiers;
  const childDetail = `${ages.childAges} (${ages.freeUnder.toLowerCase()})`;

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
        <Trans>Select your tickets</Trans>
      </h2>
      {remaining !== undefined && remaining > 0 && remaining <= RELEASE_BANNER_MAX_REMAINING ? (
        <p className="party-banner" role="status">
          <Trans>Due to popular demand, we've released 15 more tickets. Grab yours before they're gone!</Trans>
        </p>
      ) : null}
      {saleClosed ? (
        <p className="fk-alert" role="status">
          {saleClosed}
        </p>
      ) : null}
      {soldOut ? (
        <p className="party-soldout" role="status">
          <Trans comment="Shown in capitals in English: no tickets are left.">SOLD OUT</Trans>
        </p>
      ) : remaining !== undefined && remaining <= LOW_TICKETS_NOTICE_MAX_REMAINING ? (
        <p className="party-remaining" role="status">
          <Plural value={remaining} one="Only # ticket remaining!" other="Only # tickets remaining!" />
        </p>
      ) : null}
      {props.held}
      {notice ? (
        <p className="fk-alert" role="alert">
          {notice === PAYMENT_NOT_COMPLETED ? t`Payment was not completed` : notice}
        </p>
      ) : null}

      {typed ? (
        typed.types ? (
          <Suspense fallback={<TypesLoading />}>
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
            <Trans>The tickets could not load. Check your connection and reload the page.</Trans>
          </p>
        ) : (
          <TypesLoading />
        )
      ) : (
        <>
          <TicketCounter
            kind="adult"
            label={t`Adult tickets`}
            detail={ages.adultAges}
            price={formatCents(site.party.adultPriceCents)}
            value={adultTickets}
            canIncrease={!soldOut && count < limit}
            interactive={hydrated}
            onChange={(n) => props.onCounts(n, childTickets)}
          />
          <TicketCounter
            kind="child"
            label={t`Child tickets`}
            detail={childDetail}
            price={formatCents(site.party.childPriceCents)}
            value={childTickets}
            canIncrease={!soldOut && count < limit}
            interactive={hydrated}
            onChange={(n) => props.onCounts(adultTickets, n)}
          />
        </>
      )}
      <GroupDiscountHint tiers={discountTiers} />

      <form className="promo-box" onSubmit={applyPromo}>
        <label htmlFor="promo-code">
          <Trans>Promo code</Trans>
        </label>
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
            {quote.isPending ? t`Checking...` : t({ message: 'Apply', comment: 'Button: applies the promo code typed beside it.' })}
          </button>
        </div>
        {promo.status === 'valid' ? (
          <p className="promo-box__ok" role="status">
            {t`Promo code applied! You'll save an additional ${promoPercent}%`}
          </p>
        ) : promo.status !== 'none' ? (
          <p className="promo-box__error" role="alert">
            {i18n._(PROMO_REFUSALS[promo.status])}
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
        <Trans>Continue</Trans>
      </button>
      {count === 0 && !soldOut && !saleClosed ? (
        <p className="party-hint party-hint--center">
          <Trans>Please select at least one ticket</Trans>
        </p>
      ) : null}
      {tooMany ? (
        <p className="party-hint party-hint--center" role="alert">
          <Plural value={ticketsLeft} one="Only # ticket remaining" other="Only # tickets remaining" />
        </p>
      ) : typeProblem ? (
        <p className="party-hint party-hint--center" role="alert">
          <SelectionProblemText problem={typeProblem} />
        </p>
      ) : null}
      {props.waitlist}
    </section>
  );
}
