import { MY_TICKETS_LINK_ANSWER } from '@festival/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useRequestLink } from '../api/request-link';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = 'Invalid email address';
const SEND_FAILED = 'We could not send a link just now. Please try again in a moment.';

/**
 * `Email` and `Send me a link`: the server e-mails a sign-in link to an address with tickets,
 * and answers the same for any address. Checked here without the schema library (the API
 * checks it again with the contract's schema).
 */
export function LinkRequestForm() {
  const request = useRequestLink();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address) || address.length > 254) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(null);
    request.mutate({ email: address });
  }

  const failure = request.error instanceof ApiError ? (request.error.serverMessage ?? SEND_FAILED) : request.error ? SEND_FAILED : null;
  return (
    <form className="my-tickets-form" onSubmit={submit} noValidate>
      <div className="my-tickets-form__field">
        <label htmlFor="my-tickets-email">Email</label>
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
            {error}
          </span>
        ) : null}
      </div>
      <button type="submit" className="fk-btn fk-btn--large" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me a link'}
      </button>
      <p className="my-tickets-answer" role="status">
        {request.isSuccess ? MY_TICKETS_LINK_ANSWER : ''}
      </p>
      {failure ? (
        <p className="fk-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
