import { queryOptions, useQuery } from '@festival/query';
import type { StaffDevice } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchDevices = (): Promise<StaffDevice[]> => apiGet<StaffDevice[]>('/api/admin/devices');

export const devicesQuery = queryOptions({ queryKey: ['admin', 'devices'], queryFn: fetchDevices });

/** Every device pass, newest first (`GET /api/admin/devices`). */
export function useDevices() {
  return useQuery(devicesQuery);
}
