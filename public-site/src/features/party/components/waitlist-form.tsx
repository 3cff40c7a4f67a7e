import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { WAITLIST_MAX_TICKETS, type WaitlistJoinRequest } from '@festival/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useLanguage } from '@festival/web-kit/i18n';
import { NewsConsentBox } from '@festival/web-kit/legal';
import { useJoinWaitlist } from '../api/join-waitlist';

type Errors = Partial<Record<'name' | 'email' | 'tickets', MessageDescriptor>>;

const maxTickets = WAITLIST_MAX_TICKETS;

/** The contract's words (`WAITLIST_JOIN_MESSAGES`), translated where shown. */
const MESSAGES = {
  nameRequired: msg`Name is required`,
  email: msg`Invalid email address`,
  ticketsWhole: msg`Tickets wanted must be a whole number`,
  ticketsMin: msg`Tickets wanted must be at least 1`,
  ticketsMax: msg`Tickets wanted cannot be more than ${maxTickets}`,
} satisfies Record<string, MessageDescriptor>;

/**
 * The form's own check, in the contract's words, without the schema library: the page loads no
 * schema code for it (the API checks the request again with the contract's schema).
 */
function check(name: string, email: string, tickets: string): { request?: WaitlistJoinRequest; errors: Errors } {
  const errors: Errors = {};
  const count = Number(tickets);
  if (name.trim() === '') errors.name = MESSAGES.nameRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = MESSAGES.email;
  if (tickets.trim() === '' || !Number.isInteger(count)) errors.tickets = MESSAGES.ticketsWhole;
  else if (count < 1) errors.tickets = MESSAGES.ticketsMin;
  else if (count > WAITLIST_MAX_TICKETS) errors.tickets = MESSAGES.ticketsMax;
  if (Object.keys(errors).length > 0) return { errors };
  return { request: { name: name.trim(), email: email.trim(), tickets: count }, errors };
}

/**
 * `Join the waitlist`, below the SOLD OUT notice (docs/waitlist.md): loaded as its own chunk,
 * only when the party is sold out. The same e-mail again updates its entry in its place.
 */
export function WaitlistForm() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const join = useJoinWaitlist();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [tickets, setTickets] = useState('2');
  const [errors, setErrors] = useState<Errors>({});
  const [newsConsent, setNewsConsent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { request, errors: found } = check(name, email, tickets);
    setErrors(found);
    // The news box (docs/privacy.md): joining never depends on it. The page's language: the
    // offer's e-mail comes in it (docs/languages.md); English, the default, goes unsaid, so an
    // English page's request is as it always was.
    if (request) join.mutate({ ...request, newsConsent, ...(language === 'en' ? {} : { language }) });
  }

  if (join.data) {
    const position = join.data.position;
    return (
      <section className="waitlist" aria-labelledby="waitlist-heading">
        <h3 id="waitlist-heading" className="waitlist__title">
          <Trans>You're on the waitlist</Trans>
        </h3>
        <p role="status">
          <Trans comment="position is the guest's place on the waitlist (1 is next).">
            Your place in line: <strong>{position}</strong>. When tickets come back we will e-mail you a link to buy them.
          </Trans>
        </p>
      </section>
    );
  }

  const failure =
    join.error instanceof ApiError ? join.error.serverMessage : join.error ? t`Could not join the waitlist. Please try again.` : null;
  const field = (key: keyof Errors) => ({
    id: `waitlist-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `waitlist-${key}-error` : undefined,
  });
  const error = (key: keyof Errors) =>
    errors[key] ? (
      <span className="contact-form__error" id={`waitlist-${key}-error`}>
        {i18n._(errors[key])}
      </span>
    ) : null;

  return (
    <section className="waitlist" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading" className="waitlist__title">
        <Trans comment="Heading of the form to join the waitlist of the sold-out party.">Join the waitlist</Trans>
      </h3>
      <p className="party-hint">
        <Trans>Tickets that come back go to the waitlist first, by e-mail, in the order guests joined.</Trans>
      </p>
      <form className="contact-form" onSubmit={submit} noValidate>
        <div className="contact-form__field">
          <label htmlFor="waitlist-name">
            <Trans comment="The guest's name, on the waitlist form.">Name</Trans>
          </label>
          <input {...field('name')} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          {error('name')}
        </div>
        <div className="contact-form__field">
          <label htmlFor="waitlist-email">
            <Trans>Email</Trans>
          </label>
          <input
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error('email')}
        </div>
        <div className="contact-form__field">
          <label htmlFor="waitlist-tickets">
            <Trans>Tickets wanted</Trans>
          </label>
          <input
            {...field('tickets')}
            type="number"
            min={1}
            max={WAITLIST_MAX_TICKETS}
            step={1}
            value={tickets}
            onChange={(e) => setTickets(e.target.value)}
          />
          {error('tickets')}
        </div>
        <NewsConsentBox checked={newsConsent} onChange={setNewsConsent} />
        {failure ? (
          <p className="fk-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="fk-btn fk-btn--large" disabled={join.isPending}>
          <Trans comment="Button: joins the waitlist.">Join the waitlist</Trans>
        </button>
      </form>
    </section>
  );
}
