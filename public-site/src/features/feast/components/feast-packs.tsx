import { lazy, Suspense, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useFeastCatalog } from '../api/feast-catalog';

// The packs on sale load only while pre-orders are open: the closed page carries none of it.
const OpenPacks = lazy(() => import('./open-packs'));

/**
 * The feast packs' cards in the landing page's packs section: the packs on sale while
 * pre-orders are open, otherwise `closed` (the closed pre-order card).
 */
export function FeastPacks({ closed }: { closed: ReactNode }) {
  const { data: catalog } = useFeastCatalog();
  if (!catalog?.open) return closed;
  return (
    <Suspense
      fallback={
        <p className="lp-card" role="status">
          <Trans>Loading the feast packs…</Trans>
        </p>
      }
    >
      <OpenPacks packs={catalog.packs} />
    </Suspense>
  );
}
