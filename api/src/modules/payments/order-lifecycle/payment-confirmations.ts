import { Injectable, NotFoundException } from '@nestjs/common';
import type { ConfirmPaymentRequest, FeastOrderReceipt, PartyOrderReceipt } from '@festival/contracts';

/** What `POST /api/confirm-payment` answers: the receipt of the order the payment paid. */
export type PaymentConfirmation = PartyOrderReceipt | FeastOrderReceipt;
type Confirm = (paymentIntentId: string, clientSecret: string | undefined) => Promise<PaymentConfirmation>;

/**
 * `POST /api/confirm-payment` by order type: each feature whose checkout confirms through it
 * registers its `type` (party tickets, feast pre-orders) at start-up, and the route dispatches
 * to it; the payments module knows no feature.
 */
@Injectable()
export class PaymentConfirmations {
  private readonly byType = new Map<ConfirmPaymentRequest['type'], Confirm>();

  register(type: ConfirmPaymentRequest['type'], confirm: Confirm): void {
    this.byType.set(type, confirm);
  }

  confirm(request: ConfirmPaymentRequest): Promise<PaymentConfirmation> {
    const confirm = this.byType.get(request.type);
    if (!confirm) throw new NotFoundException(`No order type ${request.type}`);
    return confirm(request.paymentIntentId, request.clientSecret);
  }
}
