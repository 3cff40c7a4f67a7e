import { secretsMatch } from '../../common/secrets.js';
import type { GatewayPaymentIntent, PaymentGateway } from '../payments/payment-gateway.js';

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

/**
 * Whether `clientSecret` is the client secret of the payment: the proof that the caller is the
 * browser that paid an order (it got the secret when it started paying). Compared in constant
 * time; without a secret the gateway is not asked.
 */
export async function holdsPaymentSecret(payment: PaymentLookup, clientSecret: string | null | undefined): Promise<boolean> {
  if (!clientSecret) return false;
  const intent = await payment();
  return !!intent && secretsMatch(intent.clientSecret, clientSecret);
}
