import { useMutation, useQueryClient } from '@festival/query';
import type { BarOrder, BarOrderStatus } from '@festival/contracts';
import { apiPatch } from '@festival/web-kit/api-client';
import { barOrdersQuery } from './bar-orders';

export const updateBarOrder = ({ id, status }: { id: string; status: BarOrderStatus }): Promise<BarOrder> =>
  apiPatch<BarOrder>(`/api/admin/bar/orders/${encodeURIComponent(id)}`, { status });

/** Moves an order to New, Ready or Served. */
export function useUpdateBarOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBarOrder, onSettled: () => queryClient.invalidateQueries(barOrdersQuery) });
}
