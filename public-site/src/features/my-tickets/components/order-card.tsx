import { formatCents, type MyTickets, type MyTicketsOrder } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useForgetCard } from '../api/forget-card';
import { useResendTickets } from '../api/resend-tickets';
import { ticketsPdfUrl, walletPassUrl } from '../api/ticket-files';
import { GuestMealForm } from './guest-meal-form';

const RESEND_FAILED = 'We could not e-mail your tickets just now. Please try again in a moment.';
const FORGET_FAILED = 'We could not forget your card just now. Please try again in a moment.';

/**
 * One order: its reference, tickets and the QR code the door scans (the server's SVG, shown as
 * an image, never inserted as markup), its meals (editable while meals are open), the PDF, the
 * wallet pass when the site offers one, and `Resend my tickets`.
 */
export function OrderCard({ order, tickets }: { order: MyTicketsOrder; tickets: MyTickets }) {
  const paid = order.status === 'paid';
  const meals = tickets.meals;
  return (
    <section className="fk-card my-tickets-order" aria-labelledby={`order-${order.orderId}`}>
      <h2 id={`order-${order.orderId}`} className="fk-card__title">
        Order {order.reference}
      </h2>
      {paid ? null : <p className="fk-alert">This order was refunded: its tickets no longer admit anyone.</p>}
      <ul className="my-tickets-order__tickets">
        {order.tickets.map((ticket) => (
          <li key={ticket.label}>{ticket.label}</li>
        ))}
      </ul>
      <p className="my-tickets-order__total">
        Total paid: <strong>{formatCents(order.totalCents)}</strong>
      </p>
      {paid ? (
        <div className="my-tickets-ticket">
          <p className="my-tickets-ticket__lead">Show this code at the door:</p>
          <img
            className="my-tickets-ticket__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(order.qrSvg)}`}
            width={220}
            height={220}
            alt={`QR code of order ${order.reference}`}
          />
        </div>
      ) : null}
      {order.guests.length > 0 ? (
        <section className="my-tickets-meals" aria-labelledby={`meals-${order.orderId}`}>
          <h3 id={`meals-${order.orderId}`} className="my-tickets-meals__title">
            Meals
          </h3>
          {meals?.open && paid ? (
            order.guests.map((guest) => <GuestMealForm key={guest.seat} orderId={order.orderId} guest={guest} meals={meals} />)
          ) : (
            <>
              {meals && !meals.open ? <p className="my-tickets-hint">Meal choices are closed.</p> : null}
              <ul className="my-tickets-meals__list">
                {order.guests.map((guest) => (
                  <li key={guest.seat}>
                    {`Guest ${guest.seat}${guest.name ? `, ${guest.name}` : ''}: `}
                    <strong>{guest.meal}</strong>
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
          <a className="fk-btn" href={ticketsPdfUrl(order.orderId)} download={`tickets-${order.reference}.pdf`}>
            Download PDF
          </a>
          {tickets.walletPasses ? (
            <a className="fk-btn fk-btn--secondary" href={walletPassUrl(order.orderId)}>
              Add to Apple Wallet
            </a>
          ) : null}
          <ResendButton orderId={order.orderId} />
        </div>
      ) : null}
    </section>
  );
}

/** `Resend my tickets`, then the server's answer (or why not). */
function ResendButton({ orderId }: { orderId: string }) {
  const resend = useResendTickets(orderId);
  const error = resend.error instanceof ApiError ? (resend.error.serverMessage ?? RESEND_FAILED) : resend.error ? RESEND_FAILED : null;
  return (
    <div className="my-tickets-resend">
      <button type="button" className="fk-btn fk-btn--secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Resend my tickets
      </button>
      <p className="my-tickets-answer" role="status">
        {resend.data ? resend.data.message : ''}
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
  const forget = useForgetCard(orderId);
  const error = forget.error instanceof ApiError ? (forget.error.serverMessage ?? FORGET_FAILED) : forget.error ? FORGET_FAILED : null;
  return (
    <div className="my-tickets-card">
      <p>
        Your card ending {card.last4} is kept for drinks at the party. It is charged only for drinks on your tab, and forgotten after the
        party.
      </p>
      <button type="button" className="fk-btn fk-btn--secondary" disabled={forget.isPending} onClick={() => forget.mutate()}>
        Forget my card
      </button>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
