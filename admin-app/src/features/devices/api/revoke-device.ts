import { useMutation, useQueryClient } from '@festival/query';
import type { StaffDevice } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { devicesQuery } from './get-devices';

export const revokeDevice = (id: string): Promise<StaffDevice> =>
  apiPost<StaffDevice>(`/api/admin/devices/${encodeURIComponent(id)}/revoke`);

/** `POST /api/admin/devices/{id}/revoke`: the device is signed out at once; the list refreshes afterwards. */
export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeDevice, onSettled: () => queryClient.invalidateQueries(devicesQuery) });
}
