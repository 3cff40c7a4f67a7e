import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCents, type MyTickets } from '@festival/contracts';
import { useSaleDate } from '@festival/web-kit/sale-date';

/** The states the API names a guest's tabs and drinks orders by, in the page's language (any other is shown as it came). */
const STATUSES: Record<string, MessageDescriptor> = {
  open: msg({ message: 'open', comment: 'A drinks tab still taking orders (after "Tab T-7 · opened …").' }),
  closing: msg({ message: 'closing', comment: 'A drinks tab being closed and charged.' }),
  closed: msg({ message: 'closed', comment: 'A drinks tab closed and charged.' }),
  settled: msg({ message: 'settled', comment: 'A drinks tab closed and paid for.' }),
  paid: msg({ message: 'paid', comment: 'A drinks order paid at once (after "Order #12 · …").' }),
  refunding: msg({ message: 'refunding', comment: 'Review: a drinks order whose refund is on its way.' }),
  refunded: msg({ message: 'refunded', comment: 'Review: a drinks order refunded.' }),
};

/** The guest's drinks tabs and pay-now orders at the party, when there are any. */
export function DrinksList({ drinks, timeZone }: { drinks: MyTickets['drinks']; timeZone: string }) {
  const { t, i18n } = useLingui();
  const date = useSaleDate();
  if (drinks.tabs.length === 0 && drinks.orders.length === 0) return null;
  const statusOf = (status: string) => (STATUSES[status] ? i18n._(STATUSES[status]) : status);
  return (
    <section className="fk-card" aria-labelledby="my-drinks-heading">
      <h2 id="my-drinks-heading" className="fk-card__title">
        <Trans comment="Heading of the guest's drinks tabs and orders at the party.">Drinks</Trans>
      </h2>
      {drinks.tabs.length > 0 ? (
        <>
          <h3 className="my-tickets-meals__title">
            <Trans comment="Heading of the guest's drinks tabs (a tab is paid on the card kept for drinks).">Tabs</Trans>
          </h3>
          <ul className="my-tickets-drinks">
            {drinks.tabs.map((tab) => {
              const reference = tab.reference;
              const opened = date(tab.openedAt, timeZone);
              const status = statusOf(tab.status);
              return (
                <li key={tab.tabId}>
                  <span>
                    {t({
                      message: `Tab ${reference} · opened ${opened} · ${status}`,
                      comment: 'One drinks tab: its reference (T-7), when it was opened (a date and time) and its state (open, closed).',
                    })}
                  </span>
                  <strong>{formatCents(tab.totalCents)}</strong>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {drinks.orders.length > 0 ? (
        <>
          <h3 className="my-tickets-meals__title">
            <Trans comment="Heading of the guest's drinks ordered and paid at once.">Orders</Trans>
          </h3>
          <ul className="my-tickets-drinks">
            {drinks.orders.map((order) => {
              const number = order.number;
              const placed = date(order.createdAt, timeZone);
              const status = statusOf(order.status);
              return (
                <li key={order.orderId}>
                  <span>
                    {number === null
                      ? t({
                          message: `Order · ${placed} · ${status}`,
                          comment: 'One drinks order not yet given its number: when it was placed (a date and time) and its state (paid).',
                        })
                      : t({
                          message: `Order #${number} · ${placed} · ${status}`,
                          comment: "One drinks order: the bar's number for it, when it was placed (a date and time) and its state (paid).",
                        })}
                  </span>
                  <strong>{formatCents(order.totalCents)}</strong>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
