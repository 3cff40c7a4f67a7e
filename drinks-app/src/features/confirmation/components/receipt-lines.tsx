import { formatCents, type DrinkOrderReceipt } from '@festival/contracts';
import { PriceLines } from '../../../shared/components/money';

export function ReceiptLines({ receipt }: { receipt: DrinkOrderReceipt }) {
  return (
    <>
      <ul className="summary-lines">
        {receipt.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatCents(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <PriceLines price={{ itemCount: 0, subtotalCents: receipt.subtotalCents, taxCents: receipt.taxCents, totalCents: receipt.totalCents }} testIdPrefix="receipt" />
    </>
  );
}
