import type { Cents } from './money.js';

/** A feast pack pre-order (ordering is closed this year; the staff still see the orders). */
export interface FeastOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  pickupDate: string;
  pickupTime: string;
  items: { name: string; quantity: number }[];
  totalAmount: Cents;
  createdAt: string;
}
