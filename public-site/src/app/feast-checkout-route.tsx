import { CHECKOUT_CATALOGUE } from '@festival/web-kit/checkout-texts';
import { useSiteConfig } from '@festival/web-kit/site';
import { CartButton } from '../features/feast/components/cart-button';
import { FeastCheckoutPage } from '../features/feast/components/feast-checkout-page';
import { ClosedCard } from '../features/landing/components/closed-card';
import { SitePage } from '../features/landing/components/site-page';
import { LanguageProvider, moreMessages } from './landing-languages';

/**
 * The feast checkout speaks its path's language (`/hi/feast-packs/checkout`): its frame and cart
 * from the landing page's catalogue, its own words from `feast-checkout` (src/locales/), and the
 * web kit's parts it shows (the card form, the pay line, the news box) from theirs, both loaded
 * with the page (docs/languages.md).
 */
const CheckoutTexts = moreMessages(
  {
    en: () => import('../locales/feast-checkout/en.po'),
    hi: () => import('../locales/feast-checkout/hi.po'),
    ta: () => import('../locales/feast-checkout/ta.po'),
  },
  CHECKOUT_CATALOGUE,
);

/** `/feast-packs/checkout`, loaded only there: the feast's checkout in the site's frame (header with the cart, footer). */
export default function FeastCheckoutRoute() {
  const { data: site, isError } = useSiteConfig();
  const failed = isError && !site;
  return (
    <LanguageProvider>
      <SitePage site={site} failed={failed} cart={<CartButton />}>
        <CheckoutTexts>
          <FeastCheckoutPage closedCard={<ClosedCard />} />
        </CheckoutTexts>
      </SitePage>
    </LanguageProvider>
  );
}
