import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminPromoCode, CreatePromoCodeRequest, UpdatePromoCodeRequest } from '@festival/contracts';
import { apiGet, apiPost, apiRequest } from '@festival/web-kit/api-client';

export const fetchPromoCodes = (): Promise<AdminPromoCode[]> => apiGet<AdminPromoCode[]>('/api/admin/promo-codes');

export const promoCodesQuery = queryOptions({ queryKey: ['admin', 'promo-codes'], queryFn: fetchPromoCodes });

/** Every promo code, oldest first, with its paid orders so far (`GET /api/admin/promo-codes`). */
export function usePromoCodes() {
  return useQuery(promoCodesQuery);
}

export const createPromoCode = (body: CreatePromoCodeRequest): Promise<AdminPromoCode> =>
  apiPost<AdminPromoCode>('/api/admin/promo-codes', body);

/** `POST /api/admin/promo-codes`: a new code; the list refreshes afterwards. */
export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPromoCode, onSettled: () => queryClient.invalidateQueries(promoCodesQuery) });
}

export const updatePromoCode = ({ id, body }: { id: string; body: UpdatePromoCodeRequest }): Promise<AdminPromoCode> =>
  apiRequest<AdminPromoCode>('PUT', `/api/admin/promo-codes/${encodeURIComponent(id)}`, body);

/** `PUT /api/admin/promo-codes/{id}`: the whole code; the list refreshes afterwards. */
export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePromoCode, onSettled: () => queryClient.invalidateQueries(promoCodesQuery) });
}
