import { secretsMatch } from '../../common/secrets.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';

/**
 * Whether `clientSecret` is the client secret of the payment `paymentIntentId`: the proof that
 * the caller is the browser that paid a party order (it got the secret when it started paying).
 * Compared in constant time.
 */
export async function holdsPaymentSecret(
  gateway: PaymentGateway,
  paymentIntentId: string | null,
  clientSecret: string | null | undefined,
): Promise<boolean> {
  if (!clientSecret || !paymentIntentId) return false;
  const intent = await gateway.retrievePaymentIntent(paymentIntentId);
  return !!intent && secretsMatch(intent.clientSecret, clientSecret);
}
