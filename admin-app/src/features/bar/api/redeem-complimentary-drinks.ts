import { useMutation } from '@festival/query';
import type { ComplimentaryDrinksRequest, ComplimentaryDrinksResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/**
 * `POST /api/admin/complimentary-drinks`: hands over `count` of the ticket's complimentary
 * drinks (`count: 0` only asks how many are left). A refusal is an ApiError with the server's
 * message: 409 `No complimentary drinks left` (or refunded, not paid), 404 `Not a valid ticket`.
 * The same `redemptionId` sent again is counted once.
 */
export const redeemComplimentaryDrinks = (request: ComplimentaryDrinksRequest): Promise<ComplimentaryDrinksResponse> =>
  apiPost<ComplimentaryDrinksResponse>('/api/admin/complimentary-drinks', request);

/** Redeems (or looks up) a ticket's complimentary drinks; nothing else on the bar screen reads them. */
export function useRedeemComplimentaryDrinks() {
  return useMutation({ mutationFn: redeemComplimentaryDrinks });
}

/**
 * A fresh id for one redemption, so a retried request is counted once. `crypto.randomUUID`
 * exists only on secure pages (https or localhost); a bar tablet on the party's plain-http
 * network gets one from `getRandomValues` instead.
 */
export function newRedemptionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
