/**
 * An error of the domain, or of an adapter to the outside world (the payment gateway), that has
 * a plain answer for the caller. HttpErrorFilter answers it with `status` and
 * `{ message: answer }`; the error's own message, which may carry internals, is only logged.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly answer: string;
}
