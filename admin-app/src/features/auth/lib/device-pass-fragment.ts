/** The fragment a pass link carries its secret in: `/admin/login#device-pass=<secret>`. */
export const DEVICE_PASS_FRAGMENT = '#device-pass=';
