import { queryOptions, useMutation, useQuery } from '@festival/query';
import type { FeastCatalog, FeastOrderIntent, FeastOrderIntentResponse, FeastOrderReceipt } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

export const feastCatalogQuery = queryOptions({
  queryKey: ['feast-packs'],
  queryFn: () => apiGet<FeastCatalog>('/api/feast-packs'),
});

/**
 * The packs and pickup times on offer (`GET /api/feast-packs`); closed, both lists are empty.
 * `current`: read afresh when the component mounts (the checkout, where the guest picks a pickup
 * time by the room left), showing the answer already at hand meanwhile.
 */
export function useFeastCatalog({ current = false }: { current?: boolean } = {}) {
  return useQuery(current ? { ...feastCatalogQuery, refetchOnMount: 'always' } : feastCatalogQuery);
}

/** Holds the packs at the pickup time and starts the payment. */
export function useCreateFeastOrder() {
  return useMutation({
    mutationFn: (request: FeastOrderIntent) => apiPost<FeastOrderIntentResponse>('/api/feast-order-intent', request),
  });
}

/** The card went through: the server checks with the gateway and marks the pre-order paid. */
export function useConfirmFeastPayment() {
  return useMutation({
    mutationFn: ({ paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string }) =>
      apiPost<FeastOrderReceipt>('/api/confirm-payment', { paymentIntentId, type: 'feast_order', clientSecret }),
  });
}
