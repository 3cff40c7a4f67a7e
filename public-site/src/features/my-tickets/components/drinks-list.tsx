import { formatCents, formatSaleDate, type MyTickets } from '@festival/contracts';

/** The guest's drinks tabs and pay-now orders at the party, when there are any. */
export function DrinksList({ drinks, timeZone }: { drinks: MyTickets['drinks']; timeZone: string }) {
  if (drinks.tabs.length === 0 && drinks.orders.length === 0) return null;
  return (
    <section className="fk-card" aria-labelledby="my-drinks-heading">
      <h2 id="my-drinks-heading" className="fk-card__title">
        Drinks
      </h2>
      {drinks.tabs.length > 0 ? (
        <>
          <h3 className="my-tickets-meals__title">Tabs</h3>
          <ul className="my-tickets-drinks">
            {drinks.tabs.map((tab) => (
              <li key={tab.tabId}>
                <span>
                  Tab {tab.reference} · opened {formatSaleDate(tab.openedAt, timeZone)} · {tab.status}
                </span>
                <strong>{formatCents(tab.totalCents)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {drinks.orders.length > 0 ? (
        <>
          <h3 className="my-tickets-meals__title">Orders</h3>
          <ul className="my-tickets-drinks">
            {drinks.orders.map((order) => (
              <li key={order.orderId}>
                <span>
                  {order.number === null ? 'Order' : `Order #${order.number}`} · {formatSaleDate(order.createdAt, timeZone)} ·{' '}
                  {order.status}
                </span>
                <strong>{formatCents(order.totalCents)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
