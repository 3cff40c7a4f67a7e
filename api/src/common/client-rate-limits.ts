import type { Request, RequestHandler } from 'express';
import { clientAddressOf } from './client-address.js';
import { GuestRefusal, type RefusalMessage } from './guest-refusals.js';
import type { SharedRateLimits } from './rate-limiter.js';
import type { RateLimitKind } from './route-facts.js';

/** How many requests of one route one client address may make per window. */
export interface ClientRateLimit {
  method: string;
  /** The route as the app registers it (`/api/party-payment-intent`): names its counter. */
  route: string;
  path: RegExp;
  limit: number;
  windowMs: number;
  /** The 429's words, in the language the request asks for (docs/languages.md). */
  refusal: RefusalMessage;
}

/** What a rate-limit kind of `@RateLimit` means: its numbers come from the configuration. */
export type RateLimitValues = Omit<ClientRateLimit, 'method' | 'route' | 'path'>;

/**
 * The rate-limit table: every route that declares `@RateLimit(kind)`, with the kind's values.
 * Each route keeps its own counter per address.
 */
export function rateLimitTable(
  routes: readonly { method: string; path: string; pattern: RegExp; rateLimit?: RateLimitKind }[],
  kinds: Readonly<Record<RateLimitKind, RateLimitValues>>,
): ClientRateLimit[] {
  return routes.flatMap(({ method, path, pattern, rateLimit }) =>
    rateLimit ? [{ method, route: path, path: pattern, ...kinds[rateLimit] }] : [],
  );
}

/**
 * Per-client rate limits, counted before the request's body is read: a client over its limit
 * costs one counter query, never a parse. Each route has its own counter per address (the
 * address nginx saw, see TRUST_PROXY), shared by every replica (SharedRateLimits); beyond it the
 * answer is 429 with `Retry-After`.
 */
export function clientRateLimits(limits: readonly ClientRateLimit[], counters: SharedRateLimits): RequestHandler {
  const counted = limits.map((limit) => ({
    ...limit,
    counter: counters.limiter({ name: `route:${limit.method} ${limit.route}`, points: limit.limit, durationMs: limit.windowMs }),
  }));
  return (req: Request, res, next) => {
    const path = req.path;
    const limit = counted.find((l) => l.method === req.method && l.path.test(path));
    if (!limit) return next();
    limit.counter.hit(clientAddressOf(req)).then((decision) => {
      if (decision.allowed) return next();
      res.setHeader('Retry-After', String(decision.retryAfterSeconds));
      res.setHeader('Connection', 'close');
      new GuestRefusal(429, limit.refusal).send(req, res);
    }, next);
  };
}
