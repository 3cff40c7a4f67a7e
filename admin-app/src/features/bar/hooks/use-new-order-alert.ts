import { useEffect, useRef, useState } from 'react';
import type { BarOrder } from '@festival/contracts';
import { arrivals, stillUnseen } from '../lib/new-orders';

/**
 * Rings (`chime`) once per poll that brings new orders, and keeps them as "new arrivals" for the
 * badge until they are marked Ready or staff acknowledge them. Nothing rings when the page opens.
 */
export function useNewOrderAlert(orders: BarOrder[] | undefined, chime: () => void) {
  const seen = useRef<Set<string> | null>(null);
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!orders) return;
    const { seen: next, arrived } = arrivals(seen.current, orders);
    seen.current = next;
    if (arrived.length === 0) return;
    setUnseen((current) => new Set([...current, ...arrived.map((o) => o.id)]));
    chime();
  }, [orders, chime]);

  const arrivedOrders = stillUnseen(unseen, orders ?? []);
  return {
    /** New orders not yet looked at, oldest first. */
    arrived: arrivedOrders,
    isArrival: (id: string) => arrivedOrders.some((o) => o.id === id),
    acknowledge: () => setUnseen(new Set()),
  };
}
