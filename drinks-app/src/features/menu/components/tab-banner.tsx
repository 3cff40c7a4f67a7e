import './tab-banner.css';
import { lazy, Suspense, useState } from 'react';
import { drinkTabReference, formatCents } from '@festival/contracts';
import { useMyTab } from '#shared/api/drink-tab.ts';
import { GUEST_BAR_STATUS } from '#shared/components/bar-progress.tsx';
import { useTabStore } from '#shared/stores/tab-store.ts';

/** `Close my tab` with its tip picker, loaded only when the guest asks for it. */
const CloseMyTab = lazy(() => import('./close-my-tab').then((m) => ({ default: m.CloseMyTab })));

/** The phone's tab: its running total while open, what was charged once it closed. */
export function TabBanner() {
  const { saved, view } = useMyTab();
  const forget = useTabStore((s) => s.forget);
  const [closing, setClosing] = useState(false);
  if (!saved || !view) return null;
  const reference = drinkTabReference(view.tabId);
  if (view.status === 'closed' || view.status === 'settled') {
    return (
      <section className="tab-banner" aria-label="Your tab">
        <span>
          Your tab <strong>{reference}</strong> is closed
          {view.chargedCents ? (
            <>
              : <strong>{formatCents(view.chargedCents)}</strong> charged to your card
            </>
          ) : null}
          . Thank you!
        </span>
        <button type="button" className="fk-btn fk-btn--small fk-btn--secondary" onClick={forget}>
          OK
        </button>
      </section>
    );
  }
  if (view.status !== 'open' && view.status !== 'closing') return null;
  const drinks = view.orders.reduce((n, o) => n + o.items.reduce((m, i) => m + i.quantity, 0), 0);
  return (
    <section className="tab-banner" aria-label="Your tab">
      <span>
        Tab <strong>{reference}</strong> is open · {drinks} {drinks === 1 ? 'drink' : 'drinks'} so far
      </span>
      <span>
        Running total with tax <strong data-testid="tab-total">{formatCents(view.totalCents)}</strong>
      </span>
      {view.orders.length > 0 ? (
        <ul className="tab-banner__orders" aria-live="polite">
          {view.orders.map((order) => (
            <li key={order.orderId}>
              Order #{order.number}: {order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} · {formatCents(order.subtotalCents)} ·{' '}
              <strong data-testid={`tab-order-${order.number}-status`}>{GUEST_BAR_STATUS[order.barStatus]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {view.status === 'open' ? (
        closing ? (
          <Suspense fallback={null}>
            <CloseMyTab tab={saved} view={view} />
          </Suspense>
        ) : (
          <button type="button" className="fk-btn fk-btn--small fk-btn--secondary" onClick={() => setClosing(true)}>
            Tip &amp; close my tab
          </button>
        )
      ) : null}
    </section>
  );
}
