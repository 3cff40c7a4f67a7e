import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@festival/router';
import { usePageMeta, useSiteConfig } from '@festival/web-kit/site';
import { DiyaIcon } from '@festival/web-kit/diya-icon';
import { LegalLinks } from '@festival/web-kit/legal';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import './drinks.css';

interface DrinksPageProps {
  title: string;
  /** Shown at the right of the sticky header (the cart button on the menu). */
  action?: ReactNode;
  children: ReactNode;
}

/** The frame of every drinks screen: a sticky header with the festival's name, then the content. */
export function DrinksPage({ title, action, children }: DrinksPageProps) {
  const site = useSiteConfig();
  const { pathname } = useLocation();
  usePageMeta(
    site.data && {
      title: `${title} | ${site.data.party.name}`,
      description: `Order drinks to your table at ${site.data.party.name}, ${site.data.restaurant.name}: pay now or open a tab.`,
    },
  );
  // Each drinks screen starts at its top, not where the previous one was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return (
    <div className="drinks">
      <header className="drinks-header">
        <div className="drinks-header__brand">
          <DiyaIcon size={28} className="diya" />
          <div className="drinks-header__text">
            <span className="drinks-header__event">{site.data ? `${site.data.restaurant.name} · ${site.data.party.name}` : '\u00a0'}</span>
            <h1 className="drinks-header__title">{title}</h1>
          </div>
        </div>
        {action}
      </header>
      <main className="drinks-main">{children}</main>
      <footer className="guest-footer drinks-footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
