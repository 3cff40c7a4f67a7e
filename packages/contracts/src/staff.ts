import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';

const defineSchema = <T>(build: () => T): T => build();

/**
 * Who may do what in the staff area. `manager` is the shared-password login and may do
 * everything; `door` and `bar` are device passes that open one job each.
 */
export const STAFF_ROLES = ['manager', 'door', 'bar'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles a device pass can carry (the manager signs in with the password). */
export const DEVICE_ROLES = ['door', 'bar'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/** What `GET /api/admin/check` says about the staff session of this browser. */
export interface StaffSessionView {
  role: StaffRole;
  /** `Manager`, or the device's name (`Door 1`). */
  name: string;
}

/** The message of the 401 a revoked device's session gets on its next request. */
export const DEVICE_SIGNED_OUT_MESSAGE = 'This device was signed out';

/** A device pass is valid this long after it was made, until it is used. */
export const DEVICE_PASS_TTL_HOURS = 24;

/** `POST /api/admin/devices`. */
export const createDeviceRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    name: z.string().trim().min(1, 'name is required').max(60, 'name must be at most 60 characters'),
    role: z.enum(DEVICE_ROLES, { error: valueMessage('role must be door or bar') }),
  }),
);
export type CreateDeviceRequest = z.infer<typeof createDeviceRequestSchema>;

/** `POST /api/admin/device-pass`: the secret of the pass link (the part after `#device-pass=`). */
export const redeemDevicePassRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    pass: z.string().trim().min(1, 'pass is required').max(200, 'pass is too long'),
  }),
);
export type RedeemDevicePassRequest = z.infer<typeof redeemDevicePassRequestSchema>;

export type StaffDeviceStatus = 'waiting' | 'active' | 'expired' | 'revoked';

/** A device as the manager sees it on `/admin/devices`. */
export interface StaffDevice {
  id: string;
  name: string;
  role: DeviceRole;
  /** waiting: pass not used yet; active: signed in; expired: pass never used in time; revoked. */
  status: StaffDeviceStatus;
  createdAt: string;
  passExpiresAt: string;
  signedInAt: string | null;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

/** The answer to `POST /api/admin/devices`: the device and its pass link, shown once. */
export interface CreatedStaffDevice {
  device: StaffDevice;
  /**
   * The pass link's path, `/admin/login#device-pass=<secret>`: the page's address plus this is
   * what the device opens. The secret is in the fragment, which browsers never send to a server
   * (so it stays out of access logs and Referer headers).
   */
  passPath: string;
}

/** The answer to `POST /api/admin/devices/unlock-sign-ins`: how many networks' counts of refused passes were forgotten. */
export interface DevicePassUnlock {
  cleared: number;
}

/** Every kind of entry of the activity log. */
export const STAFF_ACTIONS = [
  'login',
  'login.failed',
  'logout',
  'device.added',
  'device.revoked',
  'device.signed-in',
  'device.pass-refused',
  'device.unlock',
  'bar.order-status',
  'drink.stock',
  'tab.close',
  'tab.settle',
  'tab.limit',
  'campaign.create',
  'campaign.send',
  'campaign.test',
  'campaign.delete',
  'check-in',
  'drink.complimentary',
  'drink.refund',
  'ticket.resend',
  'ticket.refund',
  'ticket.cancel',
  'ticket.edit',
  'ticket.comp',
  'ticket.door-sale',
  'ticket.meal',
  'settings.change',
  'promo-code.create',
  'promo-code.update',
  'drink.menu',
  'event.start',
  'feast.update',
  'feast.refund',
  'feast.cancel',
  'feast.resend',
  'pickup',
  'waitlist.offer',
  'waitlist.remove',
  'guest.erase',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** One entry of the activity log. */
export interface ActivityEntry {
  id: string;
  at: string;
  /** `Manager`, a device's name, or `Unknown` (a failed login). */
  who: string;
  role: StaffRole | null;
  action: StaffAction;
  /** What it was done to, in words (`Order #12`, `Campaign "Diwali offer"`), or null. */
  object: string | null;
  /** Anything else worth knowing (`ready`, `charged $12.50`). */
  detail: string | null;
}

export const ACTIVITY_PAGE_SIZE_MAX = 200;

/** `GET /api/admin/activity?who=&action=&page=&pageSize=`. */
export const activityQuerySchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    who: z.string().trim().max(60, 'who must be at most 60 characters').optional(),
    action: z.enum(STAFF_ACTIONS, { error: valueMessage('action is not a known activity') }).optional(),
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
    pageSize: z.coerce
      .number()
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be at least 1')
      .max(ACTIVITY_PAGE_SIZE_MAX, `pageSize must be at most ${ACTIVITY_PAGE_SIZE_MAX}`)
      .default(50),
  }),
);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export interface ActivityPage {
  items: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** Every `who` in the log, for the filter. */
  people: string[];
}
