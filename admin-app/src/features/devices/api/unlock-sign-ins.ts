import { useMutation } from '@festival/query';
import type { DevicePassUnlock } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const unlockSignIns = (): Promise<DevicePassUnlock> => apiPost<DevicePassUnlock>('/api/admin/devices/unlock-sign-ins');

/**
 * `POST /api/admin/devices/unlock-sign-ins` (`Unlock sign-ins`): every network's count of passes
 * that were not valid is forgotten, so door and bar phones refused there may sign in again.
 */
export function useUnlockSignIns() {
  return useMutation({ mutationFn: unlockSignIns });
}
