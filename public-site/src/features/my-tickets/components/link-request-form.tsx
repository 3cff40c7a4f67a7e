import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useLanguage } from '@festival/web-kit/i18n';
import { useRequestLink } from '../api/request-link';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contract's words (`myTicketsLinkRequestSchema`, `MY_TICKETS_LINK_ANSWER`), translated where shown. */
const MESSAGES = {
  invalidEmail: msg`Invalid email address`,
  sendFailed: msg`We could not send a link just now. Please try again in a moment.`,
  answer: msg({
    message: "If we have tickets for that address, we've e-mailed you a link",
    comment: 'The answer to every address asked for (with tickets or not): it says nothing of whether the address bought any.',
  }),
};

/**
 * `Email` and `Send me a link`: the server e-mails a sign-in link to an address with tickets,
 * and answers the same for any address. Checked here without the schema library (the API
 * checks it again with the contract's schema). The request names the page's language: the
 * link's e-mail comes in it (docs/languages.md).
 */
export function LinkRequestForm() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const request = useRequestLink();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address) || address.length > 254) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    request.mutate({ email: address, language });
  }

  const sendFailed = i18n._(MESSAGES.sendFailed);
  const failure = request.error instanceof ApiError ? (request.error.serverMessage ?? sendFailed) : request.error ? sendFailed : null;
  return (
    <form className="my-tickets-form" onSubmit={submit} noValidate>
      <div className="my-tickets-form__field">
        <label htmlFor="my-tickets-email">
          <Trans comment="The guest's e-mail address, on the form that asks for a sign-in link.">Email</Trans>
        </label>
        <input
          id="my-tickets-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'my-tickets-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error ? (
          <span className="my-tickets-form__error" id="my-tickets-email-error">
            {i18n._(error)}
          </span>
        ) : null}
      </div>
      <button type="submit" className="fk-btn fk-btn--large" disabled={request.isPending}>
        {request.isPending
          ? t({ message: 'Sending…', comment: 'The button while the sign-in link is being asked for.' })
          : t({ message: 'Send me a link', comment: 'Button: asks for an e-mail with a link that signs in to My tickets.' })}
      </button>
      <p className="my-tickets-answer" role="status">
        {request.isSuccess ? i18n._(MESSAGES.answer) : ''}
      </p>
      {failure ? (
        <p className="fk-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
