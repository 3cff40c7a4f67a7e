import './tab-banner.css';
import { lazy, Suspense, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { drinkTabReference, formatCents } from '@festival/contracts';
import { useMyTab } from '#shared/api/drink-tab.ts';
import { GUEST_BAR_STATUS } from '#shared/components/bar-progress.tsx';
import { useTabStore } from '#shared/stores/tab-store.ts';

/** `Close my tab` with its tip picker, loaded only when the guest asks for it. */
const CloseMyTab = lazy(() => import('./close-my-tab').then((m) => ({ default: m.CloseMyTab })));

/** The phone's tab: its running total while open, what was charged once it closed. */
export function TabBanner() {
  const { t, i18n } = useLingui();
  const { saved, view } = useMyTab();
  const forget = useTabStore((s) => s.forget);
  const [closing, setClosing] = useState(false);
  if (!saved || !view) return null;
  const reference = drinkTabReference(view.tabId);
  const tabLabel = t({
    message: 'Your tab',
    comment: "Name of the banner about the guest's bar tab (a running bill of drinks, paid at the end).",
  });
  if (view.status === 'closed' || view.status === 'settled') {
    const charged = view.chargedCents ? formatCents(view.chargedCents) : null;
    return (
      <section className="tab-banner" aria-label={tabLabel}>
        <span>
          {charged ? (
            <Trans comment="Review: the bar tab is closed and its total was charged to the saved card. reference is the tab's short code.">
              Your tab <strong>{reference}</strong> is closed: <strong>{charged}</strong> charged to your card. Thank you!
            </Trans>
          ) : (
            <Trans comment="The bar tab is closed (nothing was charged). reference is the tab's short code.">
              Your tab <strong>{reference}</strong> is closed. Thank you!
            </Trans>
          )}
        </span>
        <button type="button" className="fk-btn fk-btn--small fk-btn--secondary" onClick={forget}>
          <Trans comment="Button that dismisses the closed tab's message.">OK</Trans>
        </button>
      </section>
    );
  }
  if (view.status !== 'open' && view.status !== 'closing') return null;
  const drinks = view.orders.reduce((n, o) => n + o.items.reduce((m, i) => m + i.quantity, 0), 0);
  const total = formatCents(view.totalCents);
  return (
    <section className="tab-banner" aria-label={tabLabel}>
      <span>
        <Trans comment="Review: the guest's bar tab is open (drinks are added to one bill, paid at the end). reference is the tab's short code; then how many drinks are on it.">
          Tab <strong>{reference}</strong> is open · <Plural value={drinks} one="# drink so far" other="# drinks so far" />
        </Trans>
      </span>
      <span>
        <Trans comment="The bar tab's total so far, tax included, in US dollars.">
          Running total with tax <strong data-testid="tab-total">{total}</strong>
        </Trans>
      </span>
      {view.orders.length > 0 ? (
        <ul className="tab-banner__orders" aria-live="polite">
          {view.orders.map((order) => {
            const number = order.number;
            const lines = order.items.map(({ quantity, name }) => t`${quantity} × ${name}`).join(', ');
            const subtotal = formatCents(order.subtotalCents);
            const status = i18n._(GUEST_BAR_STATUS[order.barStatus]);
            return (
              <li key={order.orderId}>
                <Trans comment="An order on the bar tab: its number, its drinks (lines), its amount before tax (subtotal) and where it is at the bar (status).">
                  Order #{number}: {lines} · {subtotal} · <strong data-testid={`tab-order-${number}-status`}>{status}</strong>
                </Trans>
              </li>
            );
          })}
        </ul>
      ) : null}
      {view.status === 'open' ? (
        closing ? (
          <Suspense fallback={null}>
            <CloseMyTab tab={saved} view={view} />
          </Suspense>
        ) : (
          <button type="button" className="fk-btn fk-btn--small fk-btn--secondary" onClick={() => setClosing(true)}>
            <Trans comment="Review: opens the tip choice and the button that closes the bar tab (the saved card is then charged once).">
              Tip &amp; close my tab
            </Trans>
          </button>
        )
      ) : null}
    </section>
  );
}
