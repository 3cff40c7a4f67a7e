import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyTickets } from '@festival/contracts';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@festival/query';
import { useSearchParams } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { LanguageSwitch } from '@festival/web-kit/language-switch';
import { LegalLinks } from '@festival/web-kit/legal';
import { usePageMeta, useSiteConfig } from '@festival/web-kit/site';
import { preload } from '../../../app/my-tickets-languages';
import { useMyTickets } from '../api/my-tickets';
import { openSession } from '../api/open-session';
import { useSignOut } from '../api/sign-out';
import { DrinksList } from './drinks-list';
import { LinkRequestForm } from './link-request-form';
import { OrderCard } from './order-card';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import '@festival/web-kit/indic-fonts.css';
import './my-tickets.css';
import { useSaleDate } from '@festival/web-kit/sale-date';

const MESSAGES = {
  loadFailed: msg`Your tickets could not load. Check your connection and try again.`,
  linkFailed: msg`We could not open your link just now. Ask for a new one below.`,
  // The contract's words (MY_TICKETS_LINK_USED), translated where shown.
  linkUsed: msg({
    message: 'This link has expired or was already used. Ask for a new one below.',
    comment: 'A sign-in link works once, for 30 minutes.',
  }),
};

/**
 * `/my-tickets` (docs/my-tickets-page.md), and `/hi/my-tickets`, `/ta/my-tickets`: without a
 * session, the link form; with `?link=`, the e-mailed link signs in (and leaves the address bar);
 * with a session, the guest's orders and drinks. In the language of its path, with the switch.
 */
export function MyTicketsPage() {
  const { t, i18n } = useLingui();
  const site = useSiteConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const linkToken = searchParams.get('link');
  // The link is used once, whatever re-renders: its token leaves the URL at once.
  const opened = useRef<string | null>(null);
  const [linkState, setLinkState] = useState<'none' | 'opening' | 'used' | 'failed'>(linkToken ? 'opening' : 'none');
  const tickets = useMyTickets(linkState === 'none');

  useEffect(() => {
    if (!linkToken || opened.current === linkToken) return;
    opened.current = linkToken;
    setLinkState('opening');
    setSearchParams({}, { replace: true });
    openSession(queryClient, linkToken).then(
      () => setLinkState('none'),
      (error: unknown) => setLinkState(error instanceof ApiError && error.status === 410 ? 'used' : 'failed'),
    );
  }, [linkToken, queryClient, setSearchParams]);

  const restaurantName = site.data?.restaurant.name ?? '';
  const partyName = site.data?.party.name ?? '';
  usePageMeta(
    site.data && {
      title: t({ message: `My tickets | ${restaurantName}`, comment: "The browser tab's title, then the restaurant's name." }),
      description: t({
        message: `Your tickets for ${partyName}: the QR code for the door, meals and the PDF.`,
        comment: 'Description of My tickets for search results and shared links (partyName is the party).',
      }),
    },
  );

  const timeZone = site.data?.party.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  let content;
  if (linkState === 'opening' || (linkState === 'none' && tickets.isPending)) {
    content = (
      <p className="my-tickets-loading" role="status">
        <Trans>Loading your tickets…</Trans>
      </p>
    );
  } else if (linkState === 'none' && tickets.isError) {
    content = (
      <div className="fk-card">
        <p className="fk-alert" role="alert">
          {i18n._(MESSAGES.loadFailed)}
        </p>
        <button type="button" className="fk-btn fk-btn--secondary" onClick={() => void tickets.refetch()}>
          <Trans comment="Button: loads the tickets again.">Retry</Trans>
        </button>
      </div>
    );
  } else if (linkState === 'none' && tickets.data) {
    content = <SignedIn tickets={tickets.data} timeZone={timeZone} />;
  } else {
    content = (
      <section className="fk-card" aria-labelledby="my-tickets-link-heading">
        <h2 id="my-tickets-link-heading" className="fk-card__title">
          <Trans>Get a sign-in link</Trans>
        </h2>
        {linkState === 'used' || linkState === 'failed' ? (
          <p className="fk-alert" role="alert">
            {i18n._(linkState === 'used' ? MESSAGES.linkUsed : MESSAGES.linkFailed)}
          </p>
        ) : null}
        <p className="my-tickets-hint">
          <Trans>Enter the e-mail address you bought your tickets with. We'll e-mail you a link to them.</Trans>
        </p>
        <LinkRequestForm />
      </section>
    );
  }

  return (
    <main className="my-tickets-page">
      <header className="my-tickets-hero">
        <div className="my-tickets-hero__languages">
          <LanguageSwitch
            preload={preload}
            label={t({ message: 'Language', comment: 'Name of the language switch (for screen readers).' })}
          />
        </div>
        <h1 className="my-tickets-hero__title">
          <Trans comment="The page's heading: the guest's tickets, meals and drinks, after signing in with an e-mailed link.">
            My tickets
          </Trans>
        </h1>
        {/* The party's line keeps its place while the site's details load (the page would jump). */}
        <p className="my-tickets-hero__event">{site.data ? site.data.party.name : '\u00a0'}</p>
      </header>
      <div className="my-tickets-body">{content}</div>
      <footer className="guest-footer">
        <LegalLinks />
      </footer>
    </main>
  );
}

/** The signed-in guest's event, orders and drinks, and `Sign out`. */
function SignedIn({ tickets, timeZone }: { tickets: MyTickets; timeZone: string }) {
  const signOut = useSignOut();
  const date = useSaleDate();
  const email = tickets.email;
  return (
    <>
      <section className="fk-card" aria-labelledby="my-event-heading">
        <h2 id="my-event-heading" className="fk-card__title">
          {tickets.event.name}
        </h2>
        <ul className="my-tickets-event">
          <li>{date(tickets.event.startsAt, timeZone)}</li>
          <li>{tickets.event.venue}</li>
        </ul>
        <p className="my-tickets-hint">
          <Trans comment="email is the address the guest signed in with.">Signed in as {email}</Trans>
        </p>
        <button type="button" className="fk-btn fk-btn--secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          <Trans>Sign out</Trans>
        </button>
        {signOut.isError ? (
          <p className="fk-alert" role="alert">
            <Trans>We could not sign you out just now. Please try again.</Trans>
          </p>
        ) : null}
      </section>
      {tickets.orders.length === 0 ? (
        <p className="fk-card my-tickets-hint">
          <Trans comment="email is the address the guest signed in with; the season is this year's party.">
            There are no tickets for {email} this season.
          </Trans>
        </p>
      ) : (
        tickets.orders.map((order) => <OrderCard key={order.orderId} order={order} tickets={tickets} />)
      )}
      <DrinksList drinks={tickets.drinks} timeZone={timeZone} />
    </>
  );
}
