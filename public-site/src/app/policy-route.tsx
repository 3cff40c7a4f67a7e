import type { PolicyKind } from '@festival/contracts';
import { useSiteConfig } from '@festival/web-kit/site';
import { CartButton } from '../features/feast/components/cart-button';
import { SitePage } from '../features/landing/components/site-page';
import { PolicyArticle } from '../features/policies/components/policy-article';

/** `/privacy` and `/terms`, loaded only there: the policy in the site's frame (header with the cart, footer). */
export default function PolicyRoute({ kind }: { kind: PolicyKind }) {
  const { data: site, isError } = useSiteConfig();
  return (
    <SitePage site={site} failed={isError && !site} cart={<CartButton />}>
      <PolicyArticle kind={kind} restaurantName={site?.restaurant.name} />
    </SitePage>
  );
}
