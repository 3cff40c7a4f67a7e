import './fonts.css';
// Hindi and Tamil in their web fonts on /hi/ and /ta/ (fetched only by a page in that language).
import '@festival/web-kit/indic-fonts.css';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import './landing.css';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@festival/contracts';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

interface SitePageProps {
  site: SiteConfig | undefined;
  failed: boolean;
  /** The header's cart (the feast's cart button, given by the app). */
  cart: ReactNode;
  /** Before the header: the landing page's skip link. */
  skipLink?: ReactNode;
  /** The page's `<main>`. */
  children: ReactNode;
}

/** The frame of the public site's pages (`/` and `/feast-packs/checkout`): the header, the page's main, the footer. */
export function SitePage({ site, failed, cart, skipLink, children }: SitePageProps) {
  return (
    <div className="lp">
      {skipLink}
      <SiteHeader site={site} failed={failed} cart={cart} />
      {children}
      <SiteFooter site={site} failed={failed} />
    </div>
  );
}
