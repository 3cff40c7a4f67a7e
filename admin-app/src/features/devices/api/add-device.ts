import { useMutation, useQueryClient } from '@festival/query';
import type { CreateDeviceRequest, CreatedStaffDevice } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { devicesQuery } from './get-devices';

export const addDevice = (body: CreateDeviceRequest): Promise<CreatedStaffDevice> =>
  apiPost<CreatedStaffDevice>('/api/admin/devices', body);

/** `POST /api/admin/devices`: a new device and its one-use pass; the list refreshes afterwards. */
export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDevice, onSettled: () => queryClient.invalidateQueries(devicesQuery) });
}
