import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatCents, formatTicketCode, type PartyOrderReceipt, type SiteConfig } from '@festival/contracts';
import { Link } from '@festival/router';
import { DiyaIcon } from '@festival/web-kit/diya-icon';
import { ApiError } from '@festival/web-kit/api-client';
import { calendarUrl, useResendConfirmation } from '../api/resend-confirmation';
import { useEventLabels } from './party-labels';
import { PriceBreakdown } from './price-breakdown';
import './meals.css';

const RESEND_FAILED = msg`We could not e-mail your tickets just now. Please try again in a moment.`;

/**
 * `clientSecret` is the payment's (this browser paid): with it the receipt carries the ticket
 * code and its QR code, and the guest may have the e-mail sent again.
 */
export function ConfirmationStep({
  receipt,
  site,
  clientSecret,
}: {
  receipt: PartyOrderReceipt;
  site: SiteConfig;
  clientSecret: string | null;
}) {
  const { t } = useLingui();
  const { party } = site;
  const { dateLabel, timeLabel } = useEventLabels(party);
  const reference = receipt.orderId.slice(0, 8).toUpperCase();
  const totalPaid = formatCents(receipt.totalCents);
  const email = receipt.customerEmail;
  return (
    <section className="fk-card party-done" aria-labelledby="done-heading">
      <div className="party-done__diya" aria-hidden="true">
        <DiyaIcon size={56} />
      </div>
      <h2 id="done-heading" className="fk-card__title">
        <Trans comment="Heading once the tickets are paid.">You're All Set!</Trans>
      </h2>
      <p className="party-done__ref">
        <Trans comment="The order's short code (reference), to quote to the restaurant.">
          Order reference <strong data-testid="order-reference">{reference}</strong>
        </Trans>
      </p>
      <ul className="party-done__event">
        <li>
          <strong>{party.name}</strong>
        </li>
        <li>
          {dateLabel}, {timeLabel}
        </li>
        <li>
          {party.venue.name}, {party.venue.address}
        </li>
      </ul>
      {receipt.ticketCode ? <TicketCode receipt={receipt} ticketCode={receipt.ticketCode} /> : null}
      <a className="fk-btn fk-btn--secondary" href={calendarUrl(receipt.orderId)}>
        <Trans>Add to calendar</Trans>
      </a>
      {receipt.guests && receipt.guests.length > 0 ? (
        <section className="meals-section" aria-labelledby="confirmation-meals-heading">
          <h3 id="confirmation-meals-heading" className="meals-section__title">
            <Trans comment="Heading: the meal each guest chose for the party's dinner.">Meals</Trans>
          </h3>
          <ul className="meals-section__list">
            {receipt.guests.map((guest) => (
              <li key={guest.seat}>
                <GuestMeal seat={guest.seat} name={guest.name} meal={guest.meal} />
                {guest.allergens.length > 0 || guest.note
                  ? ` (${[guest.allergens.join(', '), guest.note ?? ''].filter(Boolean).join('; ')})`
                  : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PriceBreakdown
        price={{ ...receipt, discountedCents: receipt.subtotalCents - receipt.groupDiscountCents - receipt.promoDiscountCents }}
        title={t`Your order`}
        lines={receipt.ticketLines}
      />
      <p className="payment-total">
        <Trans comment="Review: the amount charged for the tickets, in US dollars.">
          Total paid: <strong>{totalPaid}</strong>
        </Trans>
      </p>
      <p className="party-hint">
        {email ? (
          <Trans>A confirmation e-mail with your tickets has been sent to {email}.</Trans>
        ) : (
          <Trans>A confirmation e-mail with your tickets has been sent to your e-mail address.</Trans>
        )}
      </p>
      {clientSecret ? <ResendButton orderId={receipt.orderId} clientSecret={clientSecret} /> : null}
      <Link className="fk-btn fk-btn--large" to="/">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}

/** `Guest 2, Asha: ` and the meal chosen. */
function GuestMeal({ seat, name, meal }: { seat: number; name?: string | null; meal: string }) {
  return name ? (
    <Trans comment="A guest of the order by number (seat), their name, then the meal they chose.">
      Guest {seat}, {name}: <strong>{meal}</strong>
    </Trans>
  ) : (
    <Trans comment="A guest of the order by number (seat), then the meal they chose.">
      Guest {seat}: <strong>{meal}</strong>
    </Trans>
  );
}

/**
 * `Admits 3 guests: 2 adults, 1 child` (as `admitsLine` and the e-mail word it), with the
 * children under 5, who need no ticket.
 */
function AdmitsLine({ receipt }: { receipt: PartyOrderReceipt }) {
  const { t } = useLingui();
  const others = receipt.ticketLines ?? [];
  const total = receipt.adultTickets + receipt.childTickets + others.reduce((sum, line) => sum + line.quantity * line.seats, 0);
  const adults = receipt.adultTickets;
  const children = receipt.childTickets;
  const tickets = [
    adults > 0 && t({ message: plural(adults, { one: '# adult', other: '# adults' }), comment: 'Tickets of an order: how many adults.' }),
    children > 0 &&
      t({ message: plural(children, { one: '# child', other: '# children' }), comment: 'Tickets of an order: how many children.' }),
    ...others
      .filter((line) => line.quantity > 0)
      // `1 VIP Table`: a number and the type's own name, the same in every language.
      .map((line) => `${line.quantity} ${line.name}`),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <p className="party-ticket__admits">
      <Trans comment="Review: how many people the ticket code lets in at the door (tickets lists them: 2 adults, 1 child); young children need no ticket.">
        Admits <Plural value={total} one="# guest" other="# guests" />: {tickets} (children under 5 come free)
      </Trans>
    </p>
  );
}

/** The QR code the door scans, what it admits, and the code in print for typing. */
function TicketCode({ receipt, ticketCode }: { receipt: PartyOrderReceipt; ticketCode: string }) {
  const { t } = useLingui();
  const reference = receipt.orderId.slice(0, 8).toUpperCase();
  return (
    <div className="party-ticket" data-testid="ticket">
      <p className="party-ticket__lead">
        <Trans>Show this code at the door:</Trans>
      </p>
      {receipt.ticketQrSvg ? (
        <img
          className="party-ticket__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(receipt.ticketQrSvg)}`}
          width={220}
          height={220}
          alt={t`QR code of ticket ${reference}`}
        />
      ) : null}
      <AdmitsLine receipt={receipt} />
      <p className="party-hint">
        <Trans>Ticket code, if the QR code cannot be scanned:</Trans>
      </p>
      <p className="party-ticket__code" data-testid="ticket-code">
        {formatTicketCode(ticketCode)}
      </p>
    </div>
  );
}

/** `E-mail my tickets again`, then where they went (or why not). */
function ResendButton({ orderId, clientSecret }: { orderId: string; clientSecret: string }) {
  const { t, i18n } = useLingui();
  const resend = useResendConfirmation(orderId);
  const error =
    resend.error instanceof ApiError ? (resend.error.serverMessage ?? i18n._(RESEND_FAILED)) : resend.error ? i18n._(RESEND_FAILED) : null;
  const sentTo = resend.data?.sentTo;
  return (
    <div className="party-resend">
      <button type="button" className="fk-btn fk-btn--secondary" disabled={resend.isPending} onClick={() => resend.mutate(clientSecret)}>
        {resend.isPending ? t`Sending…` : t`E-mail my tickets again`}
      </button>
      <p className="party-hint" role="status">
        {resend.data ? t`We sent your tickets to ${sentTo} again.` : ''}
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
