import { Tag } from 'antd';
import type { PartyPaymentMethod } from '@festival/contracts';

/** `Comp` (complimentary, $0) or `Cash` (sold at the door); nothing for a card payment. */
export function PaymentTag({ paymentMethod }: { paymentMethod: PartyPaymentMethod }) {
  if (paymentMethod === 'comp') return <Tag color="purple">Comp</Tag>;
  if (paymentMethod === 'cash') return <Tag color="cyan">Cash</Tag>;
  return null;
}
