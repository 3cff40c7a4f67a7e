// The landing's layout first: its page-wide stylesheet comes before the components' own.
import { LandingLayout } from '../features/landing/components/landing-layout';
import { ClosedCard } from '../features/landing/components/closed-card';
import { CartButton } from '../features/feast/components/cart-button';
import { FeastPacks } from '../features/feast/components/feast-packs';
import { LanguageProvider } from './landing-languages';

/** The landing page (`/`): the landing's sections, with the feast's cart in the header and its packs in the packs section. */
export function LandingPage() {
  return (
    <LanguageProvider>
      <LandingLayout cart={<CartButton />} feastPacks={<FeastPacks closed={<ClosedCard />} />} />
    </LanguageProvider>
  );
}
