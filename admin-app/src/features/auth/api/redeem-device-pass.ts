import type { AdminCheckResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** `POST /api/admin/device-pass`: signs this browser in as the pass's device (once). */
export const redeemDevicePass = (pass: string): Promise<AdminCheckResponse> =>
  apiPost<AdminCheckResponse>('/api/admin/device-pass', { pass });

/**
 * One request per pass per page load, however often React runs the effect (StrictMode runs it
 * twice in development; a second request would find the pass spent).
 */
const redemptions = new Map<string, Promise<AdminCheckResponse>>();
export function redeemOnce(pass: string): Promise<AdminCheckResponse> {
  let pending = redemptions.get(pass);
  if (!pending) {
    pending = redeemDevicePass(pass);
    redemptions.set(pass, pending);
  }
  return pending;
}
