import { useSiteConfig } from '@festival/web-kit/site';
import { CartButton } from '../features/feast/components/cart-button';
import { FeastCheckoutPage } from '../features/feast/components/feast-checkout-page';
import { ClosedCard } from '../features/landing/components/closed-card';
import { SitePage } from '../features/landing/components/site-page';

/** `/feast-packs/checkout`, loaded only there: the feast's checkout in the site's frame (header with the cart, footer). */
export default function FeastCheckoutRoute() {
  const { data: site, isError } = useSiteConfig();
  const failed = isError && !site;
  return (
    <SitePage site={site} failed={failed} cart={<CartButton />}>
      <FeastCheckoutPage closedCard={<ClosedCard />} />
    </SitePage>
  );
}
