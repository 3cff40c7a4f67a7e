import './feast.css';
import { formatCents, type FeastPack } from '@festival/contracts';
import { trackEvent } from '@festival/web-kit/analytics';
import { Trans } from '@lingui/react/macro';
import { useFeastCartStore } from '../stores/feast-cart-store';
import { addPack } from '../lib/feast-cart';

function PackCard({ pack }: { pack: FeastPack }) {
  const inCart = useFeastCartStore((s) => s.items.find((item) => item.id === pack.id)?.quantity ?? 0);
  return (
    <article className="lp-card lp-card--pack lp-rise" aria-labelledby={`lp-pack-${pack.id}`}>
      <p className="lp-eyebrow">{pack.vegetarian ? <Trans>Vegetarian</Trans> : <Trans>Non-Vegetarian</Trans>}</p>
      <h3 id={`lp-pack-${pack.id}`} className="lp-card-title">
        {pack.name}
      </h3>
      {pack.description ? <p>{pack.description}</p> : null}
      <p className="lp-pack-price">{formatCents(pack.price)}</p>
      <button
        type="button"
        className="fk-btn fk-btn--gold fk-btn--block"
        onClick={() => {
          addPack(pack);
          void trackEvent('add_to_cart', { metadata: { pack: pack.name, packId: pack.id, quantity: 1 } });
        }}
      >
        <Trans>Add to Cart</Trans>
      </button>
      {inCart > 0 ? (
        <p className="lp-pack-in-cart" role="status">
          <Trans comment="How many of this pack are in the cart.">{inCart} in your cart</Trans>
        </p>
      ) : null}
    </article>
  );
}

/** The packs on offer while pre-orders are open (loaded only then, keeping the closed page light). */
export default function OpenPacks({ packs }: { packs: FeastPack[] }) {
  return (
    <>
      {packs.map((pack) => (
        <PackCard key={pack.id} pack={pack} />
      ))}
    </>
  );
}
