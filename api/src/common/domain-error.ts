import type { RefusalMessage } from './guest-refusals.js';

/**
 * An error of the domain, or of an adapter to the outside world (the payment gateway), that has
 * a plain answer for the caller. HttpErrorFilter answers it with `status` and
 * `{ message: answer }` (in the page's language when the answer is a guest's `refusal`); the
 * error's own message, which may carry internals, is only logged.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly answer: string;
  /** The answer as a guest refusal (GUEST_REFUSALS), when a guest's page may read it. */
  readonly refusal?: RefusalMessage;
}
