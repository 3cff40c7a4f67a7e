import { formatSaleDate, MY_TICKETS_LINK_USED, type MyTickets } from '@festival/contracts';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@festival/query';
import { useSearchParams } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { usePageMeta, useSiteConfig } from '@festival/web-kit/site';
import { useMyTickets } from '../api/my-tickets';
import { openSession } from '../api/open-session';
import { useSignOut } from '../api/sign-out';
import { DrinksList } from './drinks-list';
import { LinkRequestForm } from './link-request-form';
import { OrderCard } from './order-card';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import { LegalLinks } from '@festival/web-kit/legal';
import './my-tickets.css';

const LOAD_FAILED = 'Your tickets could not load. Check your connection and try again.';
const LINK_FAILED = 'We could not open your link just now. Ask for a new one below.';

/**
 * `/my-tickets` (docs/my-tickets-page.md): without a session, the link form; with `?link=`, the
 * e-mailed link signs in (and leaves the address bar); with a session, the guest's orders and drinks.
 */
export function MyTicketsPage() {
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

  usePageMeta(
    site.data && {
      title: `My tickets | ${site.data.restaurant.name}`,
      description: `Your tickets for ${site.data.party.name}: the QR code for the door, meals and the PDF.`,
    },
  );

  const timeZone = site.data?.party.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  let content;
  if (linkState === 'opening' || (linkState === 'none' && tickets.isPending)) {
    content = (
      <p className="my-tickets-loading" role="status">
        Loading your tickets…
      </p>
    );
  } else if (linkState === 'none' && tickets.isError) {
    content = (
      <div className="fk-card">
        <p className="fk-alert" role="alert">
          {LOAD_FAILED}
        </p>
        <button type="button" className="fk-btn fk-btn--secondary" onClick={() => void tickets.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (linkState === 'none' && tickets.data) {
    content = <SignedIn tickets={tickets.data} timeZone={timeZone} />;
  } else {
    content = (
      <section className="fk-card" aria-labelledby="my-tickets-link-heading">
        <h2 id="my-tickets-link-heading" className="fk-card__title">
          Get a sign-in link
        </h2>
        {linkState === 'used' || linkState === 'failed' ? (
          <p className="fk-alert" role="alert">
            {linkState === 'used' ? MY_TICKETS_LINK_USED : LINK_FAILED}
          </p>
        ) : null}
        <p className="my-tickets-hint">Enter the e-mail address you bought your tickets with. We'll e-mail you a link to them.</p>
        <LinkRequestForm />
      </section>
    );
  }

  return (
    <main className="my-tickets-page">
      <header className="my-tickets-hero">
        <h1 className="my-tickets-hero__title">My tickets</h1>
        {site.data ? <p className="my-tickets-hero__event">{site.data.party.name}</p> : null}
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
  return (
    <>
      <section className="fk-card" aria-labelledby="my-event-heading">
        <h2 id="my-event-heading" className="fk-card__title">
          {tickets.event.name}
        </h2>
        <ul className="my-tickets-event">
          <li>{formatSaleDate(tickets.event.startsAt, timeZone)}</li>
          <li>{tickets.event.venue}</li>
        </ul>
        <p className="my-tickets-hint">Signed in as {tickets.email}</p>
        <button type="button" className="fk-btn fk-btn--secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
        </button>
        {signOut.isError ? (
          <p className="fk-alert" role="alert">
            We could not sign you out just now. Please try again.
          </p>
        ) : null}
      </section>
      {tickets.orders.length === 0 ? (
        <p className="fk-card my-tickets-hint">There are no tickets for {tickets.email} this season.</p>
      ) : (
        tickets.orders.map((order) => <OrderCard key={order.orderId} order={order} tickets={tickets} />)
      )}
      <DrinksList drinks={tickets.drinks} timeZone={timeZone} />
    </>
  );
}
