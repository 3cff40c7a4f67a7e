import { useId, useState } from 'react';
import { formatCents, ticketLines, type DoorSaleResponse } from '@festival/contracts';
import { errorMessage } from '../../../shared/api/error-message';
import { useDoorSale, useDoorSaleQuote } from '../api/door-sale';

const newRequestId = (): string => crypto.randomUUID();

/** A whole number of guests from 0 to 50, whatever was typed. */
const guestsFrom = (text: string): number => Math.min(50, Math.max(0, Math.floor(Number(text) || 0)));

interface DoorSaleFormProps {
  /** A sale made: its guests are in, so `Arrived` is read again. */
  onSold: (sale: DoorSaleResponse) => void;
  onClose: () => void;
}

/**
 * `Sell at the door` (docs/door.md): adults and children at the Tickets settings' prices, paid
 * in cash, the ticket issued already checked in. Loaded only when opened, and built of plain
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
  const quote = useDoorSaleQuote(adults, children);
  const sale = useDoorSale();
  const count = adults + children;

  const change = (set: (value: number) => void) => (event: { target: { value: string } }) => {
    set(guestsFrom(event.target.value));
    setRequestId(newRequestId());
    setProblem(null);
    setSold(null);
  };

  const sell = () => {
    if (count === 0 || sale.isPending) return;
    setProblem(null);
    sale.mutateAsync({ adults, children, paymentMethod: 'cash', customerName: name.trim() || undefined, requestId }).then(
      (answer) => {
        setSold(answer);
        setRequestId(newRequestId());
        setName('');
        onSold(answer);
      },
      (error: unknown) => setProblem(errorMessage(error, 'The sale was not made. Try again in a moment.')),
    );
  };

  return (
    <section className="door-sale" aria-label="Sell at the door">
      <div className="door-sale__head">
        <h2 className="door-sale__title">Sell at the door</h2>
        <button type="button" className="door-sale__button" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="door-sale__row">
        <label htmlFor={`${id}-adults`}>
          <span className="door-label">Adults</span>
          <input
            id={`${id}-adults`}
            className="door-sale__input"
            type="number"
            min={0}
            max={50}
            value={adults}
            onChange={change(setAdults)}
          />
        </label>
        <label htmlFor={`${id}-children`}>
          <span className="door-label">Children</span>
          <input
            id={`${id}-children`}
            className="door-sale__input"
            type="number"
            min={0}
            max={50}
            value={children}
            onChange={change(setChildren)}
          />
        </label>
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
      <p className="door-sale__hint">Take the cash first: the guests are checked in when the sale is made.</p>
      <button
        type="button"
        className="door-sale__button door-sale__button--primary"
        disabled={count === 0 || !quote.data || sale.isPending}
        onClick={sell}
      >
        {sale.isPending ? 'Selling…' : 'Cash received: sell and check in'}
      </button>
      {problem ? (
        <p className="door-sale__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {sold ? (
        <div className="door-sale__done" role="status">
          <strong>
            Sold {ticketLines(sold.adults, sold.children)} for {formatCents(sold.totalCents)} in cash
          </strong>
          <div>
            {sold.admitted} admitted · order {sold.reference}
          </div>
        </div>
      ) : null}
    </section>
  );
}
