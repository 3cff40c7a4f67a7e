import { useLingui } from '@lingui/react/macro';

interface TicketCounterProps {
  /** Names the counter's elements (`adult-tickets-label`, `adult-count`): `adult`, `child`, `type-12`. */
  kind: string;
  /** The buttons' word (`Increase VIP Table tickets`); the kind when not given. */
  name?: string;
  label: string;
  detail: string;
  price: string;
  /** A line under the price: an early-bird price, or why the type cannot be bought now. */
  note?: string | null;
  value: number;
  canIncrease: boolean;
  /** False until the page is live (see useHydrated): the buttons wait for their script. */
  interactive: boolean;
  onChange: (value: number) => void;
}

/** A ticket count with - and + buttons (never below 0). */
export function TicketCounter({
  kind,
  name = kind,
  label,
  detail,
  price,
  note,
  value,
  canIncrease,
  interactive,
  onChange,
}: TicketCounterProps) {
  const { t } = useLingui();
  // The buttons' names: adult and child tickets are named as such, another type by its name.
  const decrease =
    kind === 'adult' ? t`Decrease adult tickets` : kind === 'child' ? t`Decrease child tickets` : t`Decrease ${name} tickets`;
  const increase =
    kind === 'adult' ? t`Increase adult tickets` : kind === 'child' ? t`Increase child tickets` : t`Increase ${name} tickets`;
  return (
    <div className="ticket-counter">
      <div className="ticket-counter__text">
        <span className="ticket-counter__label" id={`${kind}-tickets-label`}>
          {label}
        </span>
        <span className="ticket-counter__detail">
          {detail ? <>{detail} · </> : null}
          {price}
        </span>
        {note ? <span className="ticket-counter__note">{note}</span> : null}
      </div>
      <div className="ticket-counter__controls" role="group" aria-labelledby={`${kind}-tickets-label`}>
        <button
          type="button"
          className="ticket-counter__button"
          aria-label={decrease}
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
          aria-label={increase}
          disabled={!interactive || !canIncrease}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
