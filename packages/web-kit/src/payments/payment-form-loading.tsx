import { Trans } from '@lingui/react/macro';

/** The spinner shown while the card form loads. */
export function PaymentFormLoading() {
  return (
    <div className="fk-pay__loading" role="status">
      <span className="fk-pay__spinner" aria-hidden="true" />
      <Trans>Loading payment form...</Trans>
    </div>
  );
}
