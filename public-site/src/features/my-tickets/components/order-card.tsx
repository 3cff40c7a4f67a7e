import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCents, type MyTickets, type MyTicketsOrder } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useForgetCard } from '../api/forget-card';
import { useResendTickets } from '../api/resend-tickets';
import { ticketsPdfUrl, walletPassUrl } from '../api/ticket-files';
import { GuestMealForm } from './guest-meal-form';

const MESSAGES = {
  resendFailed: msg`We could not e-mail your tickets just now. Please try again in a moment.`,
  forgetFailed: msg({
    message: 'We could not forget your card just now. Please try again in a moment.',
    comment: 'Review: card. The card kept for drinks is still kept.',
  }),
  // The contract's words (MY_TICKETS_RESENT), translated where shown.
  resent: msg`We've sent your tickets again`,
};

/**
 * One order: its reference, tickets and the QR code the door scans (the server's SVG, shown as
 * an image, never inserted as markup), its meals (editable while meals are open), the PDF, the
 * wallet pass when the site offers one, and `Resend my tickets`.
 */
export function OrderCard({ order, tickets }: { order: MyTicketsOrder; tickets: MyTickets }) {
  const { t } = useLingui();
  const paid = order.status === 'paid';
  const meals = tickets.meals;
  const reference = order.reference;
  const total = formatCents(order.totalCents);
  return (
    <section className="fk-card my-tickets-order" aria-labelledby={`order-${order.orderId}`}>
      <h2 id={`order-${order.orderId}`} className="fk-card__title">
        <Trans comment="Heading of one ticket order: its short reference (3F2B9C1E).">Order {reference}</Trans>
      </h2>
      {paid ? null : (
        <p className="fk-alert">
          <Trans comment="Review: refund. A refunded order's tickets no longer let anyone in at the door.">
            This order was refunded: its tickets no longer admit anyone.
          </Trans>
        </p>
      )}
      <ul className="my-tickets-order__tickets">
        {order.tickets.map((ticket) => (
          <li key={ticket.label}>{ticket.label}</li>
        ))}
      </ul>
      <p className="my-tickets-order__total">
        <Trans comment="Review: payment. What the order cost (US dollars: $109.35).">
          Total paid: <strong>{total}</strong>
        </Trans>
      </p>
      {paid ? (
        <div className="my-tickets-ticket">
          <p className="my-tickets-ticket__lead">
            <Trans comment="Above the order's QR code, which the door staff scan.">Show this code at the door:</Trans>
          </p>
          <img
            className="my-tickets-ticket__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(order.qrSvg)}`}
            width={220}
            height={220}
            alt={t({
              message: `QR code of order ${reference}`,
              comment: 'The QR code image of an order (reference is its short reference).',
            })}
          />
        </div>
      ) : null}
      {order.guests.length > 0 ? (
        <section className="my-tickets-meals" aria-labelledby={`meals-${order.orderId}`}>
          <h3 id={`meals-${order.orderId}`} className="my-tickets-meals__title">
            <Trans comment="Heading of the meals chosen for the order's guests.">Meals</Trans>
          </h3>
          {meals?.open && paid ? (
            order.guests.map((guest) => <GuestMealForm key={guest.seat} orderId={order.orderId} guest={guest} meals={meals} />)
          ) : (
            <>
              {meals && !meals.open ? (
                <p className="my-tickets-hint">
                  <Trans comment="The meals can no longer be changed (the kitchen has its count).">Meal choices are closed.</Trans>
                </p>
              ) : null}
              <ul className="my-tickets-meals__list">
                {order.guests.map((guest) => (
                  <li key={guest.seat}>
                    <GuestLabel seat={guest.seat} name={guest.name} /> <strong>{guest.meal}</strong>
                    {guest.allergens.length > 0 || guest.note
                      ? ` (${[guest.allergens.join(', '), guest.note ?? ''].filter(Boolean).join('; ')})`
                      : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}
      {order.keptCard ? <KeptCard orderId={order.orderId} card={order.keptCard} /> : null}
      {paid ? (
        <div className="my-tickets-order__actions">
          <a className="fk-btn" href={ticketsPdfUrl(order.orderId)} download={`tickets-${reference}.pdf`}>
            <Trans comment="Button: downloads the order's tickets as a PDF file.">Download PDF</Trans>
          </a>
          {tickets.walletPasses ? (
            <a className="fk-btn fk-btn--secondary" href={walletPassUrl(order.orderId)}>
              <Trans comment="Button: Apple's own words for adding a pass to the iPhone's Wallet app.">Add to Apple Wallet</Trans>
            </a>
          ) : null}
          <ResendButton orderId={order.orderId} />
        </div>
      ) : null}
    </section>
  );
}

/** `Guest 2, Meera:` before a seat's meal (the name as the guest typed it, when given). */
function GuestLabel({ seat, name }: { seat: number; name: string | null }) {
  const { t } = useLingui();
  return name
    ? t({ message: `Guest ${seat}, ${name}:`, comment: "Before a guest's meal: the seat's number and the name given for it." })
    : t({ message: `Guest ${seat}:`, comment: "Before a guest's meal: the seat's number." });
}

/** `Resend my tickets`, then the answer (or why not). */
function ResendButton({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const resend = useResendTickets(orderId);
  const resendFailed = i18n._(MESSAGES.resendFailed);
  const error = resend.error instanceof ApiError ? (resend.error.serverMessage ?? resendFailed) : resend.error ? resendFailed : null;
  return (
    <div className="my-tickets-resend">
      <button type="button" className="fk-btn fk-btn--secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        <Trans comment="Button: e-mails the order's confirmation with its tickets once more.">Resend my tickets</Trans>
      </button>
      <p className="my-tickets-answer" role="status">
        {resend.data ? i18n._(MESSAGES.resent) : ''}
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The card kept with the order for drinks at the party, and `Forget my card`. */
function KeptCard({ orderId, card }: { orderId: string; card: NonNullable<MyTicketsOrder['keptCard']> }) {
  const { i18n } = useLingui();
  const forget = useForgetCard(orderId);
  const forgetFailed = i18n._(MESSAGES.forgetFailed);
  const error = forget.error instanceof ApiError ? (forget.error.serverMessage ?? forgetFailed) : forget.error ? forgetFailed : null;
  const last4 = card.last4;
  return (
    <div className="my-tickets-card">
      <p>
        <Trans comment="Review: card kept on file. last4 is the card's last four digits; the card pays only the guest's drinks tab at the party.">
          Your card ending {last4} is kept for drinks at the party. It is charged only for drinks on your tab, and forgotten after the
          party.
        </Trans>
      </p>
      <button type="button" className="fk-btn fk-btn--secondary" disabled={forget.isPending} onClick={() => forget.mutate()}>
        <Trans comment="Review: card kept on file. Button: the card kept for drinks is removed (no more charges on it).">
          Forget my card
        </Trans>
      </button>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
