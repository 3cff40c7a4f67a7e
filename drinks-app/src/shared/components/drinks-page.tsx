import { useEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { pathWithoutLanguage } from '@festival/contracts';
import { useLocation } from '@festival/router';
import { usePageMeta, useSiteConfig } from '@festival/web-kit/site';
import { DiyaIcon } from '@festival/web-kit/diya-icon';
import { LanguageSwitch } from '@festival/web-kit/language-switch';
import { LegalLinks } from '@festival/web-kit/legal-links';
import { preload } from '../../app/languages';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import '@festival/web-kit/indic-fonts.css';
import './drinks.css';

interface DrinksPageProps {
  /** The screen's title, already in the page's language. */
  title: string;
  /** Shown at the right of the sticky header (the cart button on the menu). */
  action?: ReactNode;
  children: ReactNode;
}

/** The frame of every drinks screen: a sticky header with the festival's name and the language switch, then the content. */
export function DrinksPage({ title, action, children }: DrinksPageProps) {
  const { t } = useLingui();
  const site = useSiteConfig();
  const { pathname } = useLocation();
  const partyName = site.data?.party.name ?? '';
  const restaurantName = site.data?.restaurant.name ?? '';
  usePageMeta(
    site.data && {
      title: t({ message: `${title} | ${partyName}`, comment: "The browser tab's title: the screen's title, then the party's name." }),
      description: t({
        message: `Order drinks to your table at ${partyName}, ${restaurantName}: pay now or open a tab.`,
        comment: 'Description of the drinks pages for search results and shared links. partyName is the event, restaurantName the venue.',
      }),
    },
  );
  // Each drinks screen starts at its top, not where the previous one was scrolled to; the same
  // screen in another language (the language switch) keeps the scroll.
  const englishPath = pathWithoutLanguage(pathname);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [englishPath]);
  return (
    <div className="drinks">
      <header className="drinks-header">
        <div className="drinks-header__brand">
          <DiyaIcon size={28} className="diya" />
          <div className="drinks-header__text">
            <span className="drinks-header__event">{site.data ? `${restaurantName} · ${partyName}` : '\u00a0'}</span>
            <h1 className="drinks-header__title">{title}</h1>
          </div>
        </div>
        {action}
        <div className="drinks-header__languages">
          <LanguageSwitch
            preload={preload}
            label={t({ message: 'Language', comment: 'Name of the language switch (for screen readers).' })}
          />
        </div>
      </header>
      <main className="drinks-main">{children}</main>
      <footer className="guest-footer drinks-footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
