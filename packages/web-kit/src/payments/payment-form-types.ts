export interface PaymentFormProps {
  /** The client secret of the payment intent (`payment`) or setup intent (`setup`). */
  clientSecret: string;
  /** Pay now, or save the card for later charges. */
  intent: 'payment' | 'setup';
  /** The button's text, e.g. `Complete Payment`, `Pay Now`, `Save Card & Open Tab`. */
  submitLabel: string;
  /** Where Stripe sends the browser back after a redirect-based payment method. */
  returnUrl: string;
  /** The card went through: the payment intent's (or setup intent's) id. */
  onSucceeded: (intentId: string) => void | Promise<void>;
}
