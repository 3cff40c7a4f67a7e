import type { StaffRole } from '@festival/contracts';

/** One staff page in the staff navigation: where it is, its name, and the roles that may open it. */
export interface StaffPageLink {
  path: string;
  label: string;
  roles: readonly StaffRole[];
}

/** A group of the staff navigation: what the staff do there (none for the dashboard on its own). */
export interface StaffPageGroup {
  label: string | null;
  pages: readonly StaffPageLink[];
}

const MANAGER: readonly StaffRole[] = ['manager'];

/**
 * Every staff page, grouped by what the staff do: the dashboard, the night, money, marketing and
 * set-up. `roles` says who may open each page, as the layout routes of `app/app.tsx` do
 * (`RequireStaff roles={['door']}` around the door, pickups and kitchen, `['bar']` around the bar, the
 * manager alone elsewhere); `app.spec.tsx` checks the two agree.
 */
export const STAFF_PAGE_GROUPS: readonly StaffPageGroup[] = [
  { label: null, pages: [{ path: '/admin', label: 'Dashboard', roles: MANAGER }] },
  {
    label: 'The night',
    pages: [
      { path: '/admin/door', label: 'Door', roles: ['manager', 'door'] },
      { path: '/admin/bar', label: 'Bar', roles: ['manager', 'bar'] },
      { path: '/admin/pickups', label: 'Pickups', roles: ['manager', 'door'] },
      { path: '/admin/kitchen', label: 'Kitchen', roles: ['manager', 'door'] },
    ],
  },
  {
    label: 'Money',
    pages: [
      { path: '/admin/reports', label: 'Reports', roles: MANAGER },
      { path: '/admin/waitlist', label: 'Waitlist', roles: MANAGER },
    ],
  },
  {
    label: 'Marketing',
    pages: [
      { path: '/admin/campaigns', label: 'Email Campaigns', roles: MANAGER },
      { path: '/admin/drinks-qr', label: 'Drinks QR Code', roles: MANAGER },
    ],
  },
  {
    label: 'Set-up',
    pages: [
      { path: '/admin/settings', label: 'Settings', roles: MANAGER },
      { path: '/admin/devices', label: 'Devices', roles: MANAGER },
      { path: '/admin/guests', label: 'Guests', roles: MANAGER },
      { path: '/admin/activity', label: 'Activity', roles: MANAGER },
    ],
  },
];

/** The groups as `role` sees them: only the pages it may open, and no empty group. */
export function staffPageGroupsFor(role: StaffRole): StaffPageGroup[] {
  return STAFF_PAGE_GROUPS.map((group) => ({ ...group, pages: group.pages.filter((page) => page.roles.includes(role)) })).filter(
    (group) => group.pages.length > 0,
  );
}

/** The page of the navigation that `pathname` is (`/admin/` is the dashboard), if any. */
export function currentStaffPage(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STAFF_PAGE_GROUPS.flatMap((group) => group.pages).find((page) => page.path === path)?.path;
}
