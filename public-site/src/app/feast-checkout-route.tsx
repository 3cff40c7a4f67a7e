import { CHECKOUT_CATALOGUE } from '@festival/web-kit/checkout-texts';
import { remoteLanguages } from '@festival/web-kit/i18n';
import { useSiteConfig } from '@festival/web-kit/site';
import { CartButton } from '../features/feast/components/cart-button';
import { FeastCheckoutPage } from '../features/feast/components/feast-checkout-page';
import { ClosedCard } from '../features/landing/components/closed-card';
import { SitePage } from '../features/landing/components/site-page';

/**
 * The feast checkout is English only (its frame is the landing page's, which loads no Lingui):
 * this provider gives the web kit's parts it shows (the card form, the pay line, the news box)
 * their texts, in the path's language, which is English here (docs/languages.md).
 */
const { LanguageProvider } = remoteLanguages(CHECKOUT_CATALOGUE);

/** `/feast-packs/checkout`, loaded only there: the feast's checkout in the site's frame (header with the cart, footer). */
export default function FeastCheckoutRoute() {
  const { data: site, isError } = useSiteConfig();
  const failed = isError && !site;
  return (
    <SitePage site={site} failed={failed} cart={<CartButton />}>
      <LanguageProvider>
        <FeastCheckoutPage closedCard={<ClosedCard />} />
      </LanguageProvider>
    </SitePage>
  );
}
