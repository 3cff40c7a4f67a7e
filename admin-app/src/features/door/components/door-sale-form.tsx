import { useId, useState } from 'react';
import { formatCents, ticketLines, type DoorSaleResponse } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { PaymentForm } from '@festival/web-kit/payments';
import { useConfirmDoorSale, useDoorSale, useDoorSaleQuote } from '../api/door-sale';

const newRequestId = (): string => crypto.randomUUID();

/** A whole number of guests from 0 to 50, whatever was typed. */
const guestsFrom = (text: string): number => Math.min(50, Math.max(0, Math.floor(Number(text) || 0)));

interface DoorSaleFormProps {
  /** A sale made: its guests are in, so `Arrived` is read again. */
  onSold: (sale: DoorSaleResponse) => void;
  onClose: () => void;
}

/** One of the sale's guest counts: a number from 0 to 50. */
function GuestCount({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <label htmlFor={id}>
      <span className="door-label">{label}</span>
      <input id={id} className="door-sale__input" type="number" min={0} max={50} value={value} onChange={onChange} />
    </label>
  );
}

/**
 * `Sell at the door` (docs/door.md): adults and children at the Tickets settings' prices, paid
 * in cash or by card (the gateway's card form, as the party page takes it), the ticket issued
 * already checked in. Loaded only when opened, and built of plain
 * form elements (no UI library of its own), so the scanner page stays small. One request id per
 * sale: a double tap or a retry sells once.
 */
export function DoorSaleForm({ onSold, onClose }: DoorSaleFormProps) {
  const id = useId();
  const [adults, setAdults] = useState(1);
  const [children, setChildren] = useState(0);
  const [name, setName] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [sold, setSold] = useState<DoorSaleResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  /** A card sale started: its tickets are held while the card form takes the payment. */
  const [paying, setPaying] = useState<DoorSaleResponse | null>(null);
  const quote = useDoorSaleQuote(adults, children);
  const sale = useDoorSale();
  const confirm = useConfirmDoorSale();
  const count = adults + children;

  const change = (set: (value: number) => void) => (event: { target: { value: string } }) => {
    set(guestsFrom(event.target.value));
    restart();
  };

  /** A changed sale is a new request. */
  const restart = () => {
    setRequestId(newRequestId());
    setProblem(null);
    setSold(null);
    setPaying(null);
  };

  const done = (answer: DoorSaleResponse) => {
    setSold(answer);
    setPaying(null);
    setRequestId(newRequestId());
    setName('');
    onSold(answer);
  };

  const sell = () => {
    if (count === 0 || sale.isPending) return;
    setProblem(null);
    sale.mutateAsync({ adults, children, paymentMethod: method, customerName: name.trim() || undefined, requestId }).then(
      (answer) => (answer.status === 'pending' && answer.clientSecret ? setPaying(answer) : done(answer)),
      (error: unknown) => setProblem(errorMessage(error, 'The sale was not made. Try again in a moment.')),
    );
  };

  const cardPaid = (paymentIntentId: string) =>
    paying
      ? confirm.mutateAsync({ orderId: paying.orderId, paymentIntentId }).then(done, (error: unknown) => {
          setPaying(null);
          setProblem(errorMessage(error, 'The card was charged but the sale was not recorded. Ask the manager.'));
        })
      : undefined;

  return (
    <section className="door-sale" aria-label="Sell at the door">
      <div className="door-sale__head">
        <h2 className="door-sale__title">Sell at the door</h2>
        <button type="button" className="door-sale__button" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="door-sale__row">
        <GuestCount id={`${id}-adults`} label="Adults" value={adults} onChange={change(setAdults)} />
        <GuestCount id={`${id}-children`} label="Children" value={children} onChange={change(setChildren)} />
      </div>
      <label htmlFor={`${id}-name`}>
        <span className="door-label">Name (optional)</span>
        <input
          id={`${id}-name`}
          className="door-sale__input door-sale__input--wide"
          maxLength={160}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <p className="door-sale__total" aria-live="polite" data-testid="door-sale-total">
        {count === 0
          ? 'Choose at least one adult or child'
          : quote.data
            ? `Total ${formatCents(quote.data.totalCents)} for ${ticketLines(adults, children)}`
            : quote.error
              ? errorMessage(quote.error, 'The price could not be loaded')
              : 'Total …'}
      </p>
      <fieldset className="door-sale__methods" disabled={paying !== null}>
        <legend className="door-label">Payment</legend>
        {(['cash', 'card'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-method`}
              checked={method === option}
              onChange={() => {
                setMethod(option);
                restart();
              }}
            />{' '}
            {option === 'cash' ? 'Cash' : 'Card'}
          </label>
        ))}
      </fieldset>
      {paying?.clientSecret ? (
        <PaymentForm
          clientSecret={paying.clientSecret}
          intent="payment"
          submitLabel={`Charge ${formatCents(paying.totalCents)} and check in`}
          returnUrl={window.location.href}
          onSucceeded={cardPaid}
        />
      ) : (
        <>
          <p className="door-sale__hint">
            {method === 'cash'
              ? 'Take the cash first: the guests are checked in when the sale is made.'
              : 'The tickets are held while the card is paid; the guests are checked in once it goes through.'}
          </p>
          <button
            type="button"
            className="door-sale__button door-sale__button--primary"
            disabled={count === 0 || !quote.data || sale.isPending}
            onClick={sell}
          >
            {sale.isPending ? 'Selling…' : method === 'cash' ? 'Cash received: sell and check in' : 'Take card payment'}
          </button>
        </>
      )}
      {problem ? (
        <p className="door-sale__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {sold ? (
        <div className="door-sale__done" role="status">
          <strong>
            Sold {ticketLines(sold.adults, sold.children)} for {formatCents(sold.totalCents)}{' '}
            {sold.paymentMethod === 'cash' ? 'in cash' : 'by card'}
          </strong>
          <div>
            {sold.admitted} admitted · order {sold.reference}
          </div>
        </div>
      ) : null}
    </section>
  );
}
