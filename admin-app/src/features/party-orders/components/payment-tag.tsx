import { Tag } from 'antd';
import type { PartyPaymentMethod } from '@festival/contracts';
import { palette } from '#shared/theme/admin-theme.ts';

// AA contrast: antd's cyan preset falls short on its own background.
const CASH = { color: palette.success, background: palette.white, borderColor: palette.success };

/** `Comp` (complimentary, $0) or `Cash` (sold at the door); nothing for a card payment. */
export function PaymentTag({ paymentMethod }: { paymentMethod: PartyPaymentMethod }) {
  if (paymentMethod === 'comp') return <Tag color="purple">Comp</Tag>;
  if (paymentMethod === 'cash') return <Tag style={CASH}>Cash</Tag>;
  return null;
}
