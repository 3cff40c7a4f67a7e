import type { StaffRole } from '@festival/contracts';

/**
 * Where each role's work is: a device opening its pass goes there, and the not-allowed page
 * offers the way back to it.
 */
export const STAFF_HOME: Record<StaffRole, { path: string; label: string } | null> = {
  manager: { path: '/admin', label: 'Open the dashboard' },
  bar: { path: '/admin/bar', label: 'Open the bar screen' },
  door: { path: '/admin/door', label: 'Open the door check-in' },
};
