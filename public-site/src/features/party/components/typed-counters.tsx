import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatCents, MAX_TICKETS_PER_ORDER, type PublicTicketType, type SiteConfig } from '@festival/contracts';
import { countOf, seatsChosen, ticketsChosen, typedLines, type TypeCounts } from './ticket-selection';
import { TicketCounter } from './ticket-counter';
import { useAgeLabels } from './party-labels';
import { useSaleDate } from '@festival/web-kit/sale-date';

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

/**
 * One counter per ticket type on sale (docs/ticket-types.md). Adult and child read as the page's
 * two counters always have; another type shows its name, description and the people it admits. A
 * counter stops at the type's tickets left, and at the party's seats left counting each ticket's
 * seats (a table for 8 needs 8).
 */
export function TypedCounters({ site, types, seatsLeft, adultTickets, childTickets, items, interactive, onCounts }: TypedCountersProps) {
  const tickets = ticketsChosen(adultTickets, childTickets, items);
  const seats = seatsChosen(adultTickets, childTickets, typedLines(types, items));
  const { t } = useLingui();
  const formatDate = useSaleDate();
  const { party } = site;
  const ages = useAgeLabels(party);
  const childDetail = `${ages.childAges} (${ages.freeUnder.toLowerCase()})`;
  /** What a type's counter says under its price: why it cannot be bought now, else its early-bird price (`earlyBirdLine`). */
  const noteOf = (type: PublicTicketType): string | null => {
    if (!type.onSale) return t({ message: 'Not on sale now', comment: 'A ticket type that cannot be bought at the moment.' });
    if (type.remaining === 0) return t({ message: 'Sold out', comment: 'A ticket type with no tickets left.' });
    if (!type.nextPrice) return null;
    const price = formatCents(type.price);
    const until = formatDate(type.nextPrice.from, party.timeZone);
    return t({
      message: `Early bird — ${price} until ${until}`,
      comment: 'Review: a lower early price (US dollars) that lasts until a date and time (until); the price then goes up.',
    });
  };
  return (
    <>
      {types.map((type) => {
        const value = countOf(type, adultTickets, childTickets, items);
        const canIncrease =
          type.onSale &&
          value < type.remaining &&
          tickets < MAX_TICKETS_PER_ORDER &&
          (seatsLeft === undefined || seats + type.seats <= seatsLeft);
        const common = { price: formatCents(type.price), note: noteOf(type), value, canIncrease, interactive };
        if (type.builtIn === 'adult') {
          return (
            <TicketCounter
              key={type.id}
              kind="adult"
              label={t`Adult tickets`}
              detail={ages.adultAges}
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
              label={t`Child tickets`}
              detail={childDetail}
              {...common}
              onChange={(n) => onCounts(adultTickets, n, items)}
            />
          );
        }
        const guests = type.seats;
        const admits =
          guests > 1
            ? t({
                message: plural(guests, { one: 'admits # guest', other: 'admits # guests' }),
                comment: 'How many people one ticket of this type lets in (a table for 8).',
              })
            : '';
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
