interface TicketCounterProps {
  kind: 'adult' | 'child';
  label: string;
  detail: string;
  price: string;
  value: number;
  canIncrease: boolean;
  /** False until the page is live (see useHydrated): the buttons wait for their script. */
  interactive: boolean;
  onChange: (value: number) => void;
}

/** A ticket count with - and + buttons (never below 0). */
export function TicketCounter({ kind, label, detail, price, value, canIncrease, interactive, onChange }: TicketCounterProps) {
  return (
    <div className="ticket-counter">
      <div className="ticket-counter__text">
        <span className="ticket-counter__label" id={`${kind}-tickets-label`}>
          {label}
        </span>
        <span className="ticket-counter__detail">
          {detail} · {price}
        </span>
      </div>
      <div className="ticket-counter__controls" role="group" aria-labelledby={`${kind}-tickets-label`}>
        <button
          type="button"
          className="ticket-counter__button"
          aria-label={`Decrease ${kind} tickets`}
          disabled={!interactive || value <= 0}
          onClick={() => onChange(Math.max(0, value - 1))}
        >
          −
        </button>
        <output className="ticket-counter__value" aria-live="polite" data-testid={`${kind}-count`}>
          {value}
        </output>
        <button
          type="button"
          className="ticket-counter__button"
          aria-label={`Increase ${kind} tickets`}
          disabled={!interactive || !canIncrease}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
