import { secretMatches, secretsMatch } from '../../../common/secrets.js';
import type { GatewayPaymentIntent, PaymentGateway } from '../payment-gateway.js';

/** A payment as the gateway tells it, asked of the gateway once however often it is read. */
export type PaymentLookup = () => Promise<GatewayPaymentIntent | undefined>;

/**
 * The lookup of the payment `paymentIntentId` for one request: completing an order and then
 * checking the caller's client secret read the same answer, so the buyer waits for one round
 * trip to the payment service, not two.
 */
export function paymentLookup(gateway: PaymentGateway, paymentIntentId: string | null): PaymentLookup {
  let answer: Promise<GatewayPaymentIntent | undefined> | undefined;
  return () => (answer ??= paymentIntentId ? gateway.retrievePaymentIntent(paymentIntentId) : Promise.resolve(undefined));
}

/** An order that keeps the hash of its payment's client secret (null for one started before hashes were kept). */
export interface SecretKeepingOrder {
  clientSecretHash: string | null;
}

/**
 * The one answer to "is the caller the browser that paid this order?": it holds the payment's
 * client secret (it got it when it started paying). Checked against the hash the order keeps;
 * an order started before hashes were kept asks the gateway (through `payment`, read once).
 * Compared in constant time; without a secret nothing is asked.
 */
export async function holdsPaymentSecret(
  order: SecretKeepingOrder,
  clientSecret: string | null | undefined,
  payment: PaymentLookup,
): Promise<boolean> {
  if (!clientSecret) return false;
  if (order.clientSecretHash) return secretMatches(clientSecret, order.clientSecretHash);
  const intent = await payment();
  return !!intent && secretsMatch(intent.clientSecret, clientSecret);
}
