import type { PartyOrderReceipt, PartyPrice, PartyTicketRow } from '@festival/contracts';
import type { PartyOrderEntity } from './party-order.entity.js';
import type { PartyOrderItemEntity } from './party-order-item.entity.js';

/** The price an order was sold at, as stored when its tickets were held. */
export function storedPrice(order: PartyOrderEntity): PartyPrice {
  return {
    adultTickets: order.adultTickets,
    childTickets: order.childTickets,
    adultPriceCents: order.adultPriceCents,
    childPriceCents: order.childPriceCents,
    subtotalCents: order.subtotalCents,
    groupDiscountPercent: order.groupDiscountPercent,
    groupDiscountCents: order.groupDiscountCents,
    promoDiscountPercent: order.promoDiscountPercent,
    promoDiscountCents: order.promoDiscountCents,
    discountedCents: order.subtotalCents - order.groupDiscountCents - order.promoDiscountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
}

/** What the confirmation step shows: the buyer and the price paid, with its lines of other types. */
export function toReceipt(order: PartyOrderEntity, lines: readonly PartyOrderItemEntity[] = []): PartyOrderReceipt {
  const { discountedCents: _discounted, ...price } = storedPrice(order);
  return {
    orderId: order.id,
    status: 'paid',
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    ...price,
    ...(lines.length > 0
      ? {
          ticketLines: lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            seats: line.seats,
            unitPriceCents: line.unitPriceCents,
          })),
        }
      : {}),
    paidAt: (order.paidAt ?? order.updatedAt).toISOString(),
  };
}

/** A row of the staff's paid-tickets and abandoned-carts tables. */
export function toTicketRow(order: PartyOrderEntity): PartyTicketRow {
  return {
    id: order.id,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    adultTickets: order.adultTickets,
    childTickets: order.childTickets,
    totalAmount: order.totalCents,
    createdAt: order.createdAt.toISOString(),
  };
}
