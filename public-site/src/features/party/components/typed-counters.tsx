import { earlyBirdLine, formatCents, MAX_TICKETS_PER_ORDER, type PublicTicketType, type SiteConfig } from '@festival/contracts';
import { countOf, seatsChosen, ticketsChosen, typedLines, type TypeCounts } from './ticket-selection';
import { TicketCounter } from './ticket-counter';

interface TypedCountersProps {
  site: SiteConfig;
  /** The visible types, in the manager's order. */
  types: readonly PublicTicketType[];
  /** The party's seats left (`GET /api/party-ticket-stats`), once known. */
  seatsLeft: number | undefined;
  adultTickets: number;
  childTickets: number;
  items: TypeCounts;
  interactive: boolean;
  onCounts: (adultTickets: number, childTickets: number, items: TypeCounts) => void;
}

/** What a type's counter says under its price: why it cannot be bought now, else its early-bird price. */
function noteOf(type: PublicTicketType, timeZone: string): string | null {
  if (!type.onSale) return 'Not on sale now';
  if (type.remaining === 0) return 'Sold out';
  return earlyBirdLine(type, timeZone);
}

/**
 * One counter per ticket type on sale (docs/ticket-types.md). Adult and child read as the page's
 * two counters always have; another type shows its name, description and the people it admits. A
 * counter stops at the type's tickets left, and at the party's seats left counting each ticket's
 * seats (a table for 8 needs 8).
 */
export function TypedCounters({ site, types, seatsLeft, adultTickets, childTickets, items, interactive, onCounts }: TypedCountersProps) {
  const tickets = ticketsChosen(adultTickets, childTickets, items);
  const seats = seatsChosen(adultTickets, childTickets, typedLines(types, items));
  const { party } = site;
  return (
    <>
      {types.map((type) => {
        const value = countOf(type, adultTickets, childTickets, items);
        const canIncrease =
          type.onSale &&
          value < type.remaining &&
          tickets < MAX_TICKETS_PER_ORDER &&
          (seatsLeft === undefined || seats + type.seats <= seatsLeft);
        const common = { price: formatCents(type.price), note: noteOf(type, party.timeZone), value, canIncrease, interactive };
        if (type.builtIn === 'adult') {
          return (
            <TicketCounter
              key={type.id}
              kind="adult"
              label="Adult tickets"
              detail={party.adultAges}
              {...common}
              onChange={(n) => onCounts(n, childTickets, items)}
            />
          );
        }
        if (type.builtIn === 'child') {
          return (
            <TicketCounter
              key={type.id}
              kind="child"
              label="Child tickets"
              detail={`${party.childAges} (${party.freeUnder.toLowerCase()})`}
              {...common}
              onChange={(n) => onCounts(adultTickets, n, items)}
            />
          );
        }
        const admits = type.seats > 1 ? `admits ${type.seats} guests` : '';
        return (
          <TicketCounter
            key={type.id}
            kind={`type-${type.id}`}
            name={type.name}
            label={type.name}
            detail={[type.description, admits].filter(Boolean).join(' · ')}
            {...common}
            onChange={(n) => {
              const { [type.id]: _previous, ...others } = items;
              onCounts(adultTickets, childTickets, n > 0 ? { ...others, [type.id]: n } : others);
            }}
          />
        );
      })}
    </>
  );
}
