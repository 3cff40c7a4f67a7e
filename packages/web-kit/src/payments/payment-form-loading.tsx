/** The spinner shown while the card form loads. */
export function PaymentFormLoading() {
  return (
    <div className="fk-pay__loading" role="status">
      <span className="fk-pay__spinner" aria-hidden="true" />
      Loading payment form...
    </div>
  );
}
