import Stripe from 'stripe';

/** Signs webhook payloads as Stripe does (the key only names the library's client; nothing is sent). */
const signer = new Stripe('sk_test_for_signing_only');

/** An event's body and its `Stripe-Signature` header, signed with the webhook secret. */
export function signedStripeEvent(payload: object, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** The API's settings for the Stripe gateway against the test kit's local stand-in. */
export function stripeStandInEnv(standInUrl: string, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: standInUrl,
  };
}
