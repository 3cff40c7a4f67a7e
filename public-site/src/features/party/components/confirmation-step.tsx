import { admitsLine, formatCents, formatTicketCode, type PartyOrderReceipt, type SiteConfig } from '@festival/contracts';
import { Link } from '@festival/router';
import { DiyaIcon } from '@festival/web-kit/diya-icon';
import { ApiError } from '@festival/web-kit/api-client';
import { calendarUrl, useResendConfirmation } from '../api/resend-confirmation';
import { PriceBreakdown } from './price-breakdown';
import './meals.css';

const RESEND_FAILED = 'We could not e-mail your tickets just now. Please try again in a moment.';

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
  const { party } = site;
  return (
    <section className="fk-card party-done" aria-labelledby="done-heading">
      <div className="party-done__diya" aria-hidden="true">
        <DiyaIcon size={56} />
      </div>
      <h2 id="done-heading" className="fk-card__title">
        You're All Set!
      </h2>
      <p className="party-done__ref">
        Order reference <strong data-testid="order-reference">{receipt.orderId.slice(0, 8).toUpperCase()}</strong>
      </p>
      <ul className="party-done__event">
        <li>
          <strong>{party.name}</strong>
        </li>
        <li>
          {party.dateLabel}, {party.timeLabel}
        </li>
        <li>
          {party.venue.name}, {party.venue.address}
        </li>
      </ul>
      {receipt.ticketCode ? <TicketCode receipt={receipt} ticketCode={receipt.ticketCode} /> : null}
      <a className="fk-btn fk-btn--secondary" href={calendarUrl(receipt.orderId)}>
        Add to calendar
      </a>
      {receipt.guests && receipt.guests.length > 0 ? (
        <section className="meals-section" aria-labelledby="confirmation-meals-heading">
          <h3 id="confirmation-meals-heading" className="meals-section__title">
            Meals
          </h3>
          <ul className="meals-section__list">
            {receipt.guests.map((guest) => (
              <li key={guest.seat}>
                {`Guest ${guest.seat}${guest.name ? `, ${guest.name}` : ''}: `}
                <strong>{guest.meal}</strong>
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
        title="Your order"
        lines={receipt.ticketLines}
      />
      <p className="payment-total">
        Total paid: <strong>{formatCents(receipt.totalCents)}</strong>
      </p>
      <p className="party-hint">
        A confirmation e-mail with your tickets has been sent to {receipt.customerEmail ?? 'your e-mail address'}.
      </p>
      {clientSecret ? <ResendButton orderId={receipt.orderId} clientSecret={clientSecret} /> : null}
      <Link className="fk-btn fk-btn--large" to="/">
        Back to Home
      </Link>
    </section>
  );
}

/** The QR code the door scans, what it admits, and the code in print for typing. */
function TicketCode({ receipt, ticketCode }: { receipt: PartyOrderReceipt; ticketCode: string }) {
  return (
    <div className="party-ticket" data-testid="ticket">
      <p className="party-ticket__lead">Show this code at the door:</p>
      {receipt.ticketQrSvg ? (
        <img
          className="party-ticket__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(receipt.ticketQrSvg)}`}
          width={220}
          height={220}
          alt={`QR code of ticket ${receipt.orderId.slice(0, 8).toUpperCase()}`}
        />
      ) : null}
      <p className="party-ticket__admits">
        {admitsLine(receipt.adultTickets, receipt.childTickets, receipt.ticketLines)} (children under 5 come free)
      </p>
      <p className="party-hint">Ticket code, if the QR code cannot be scanned:</p>
      <p className="party-ticket__code" data-testid="ticket-code">
        {formatTicketCode(ticketCode)}
      </p>
    </div>
  );
}

/** `E-mail my tickets again`, then where they went (or why not). */
function ResendButton({ orderId, clientSecret }: { orderId: string; clientSecret: string }) {
  const resend = useResendConfirmation(orderId);
  const error = resend.error instanceof ApiError ? (resend.error.serverMessage ?? RESEND_FAILED) : resend.error ? RESEND_FAILED : null;
  return (
    <div className="party-resend">
      <button type="button" className="fk-btn fk-btn--secondary" disabled={resend.isPending} onClick={() => resend.mutate(clientSecret)}>
        {resend.isPending ? 'Sending…' : 'E-mail my tickets again'}
      </button>
      <p className="party-hint" role="status">
        {resend.data ? `We sent your tickets to ${resend.data.sentTo} again.` : ''}
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
