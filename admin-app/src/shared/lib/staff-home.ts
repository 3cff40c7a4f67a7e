import type { StaffRole } from '@festival/contracts';

/**
 * Where each role's work is: a device opening its pass goes there, and the not-allowed page
 * offers the way back to it. The door's page comes with check-in (`/admin/door`); until then a
 * door device has nowhere to go but is signed in.
 */
export const STAFF_HOME: Record<StaffRole, { path: string; label: string } | null> = {
  manager: { path: '/admin', label: 'Open the dashboard' },
  bar: { path: '/admin/bar', label: 'Open the bar screen' },
  door: null,
};
