import type { DeviceType } from '@festival/contracts';
import { UAParser } from 'ua-parser-js';

/**
 * The kind of device a user agent describes, for the staff's event table (ua-parser-js 1.x,
 * MIT). Phones and watches are Mobile; tablets (an iPad, an Android tablet without "Mobile")
 * are Tablet; a user agent with no device kind but a known browser or operating system is a
 * computer (Desktop). No user agent, a TV, a console or an unrecognised client is Unknown.
 * iPads since iPadOS 13 present themselves as a Mac by default and so count as Desktop.
 */
export function deviceType(userAgent: string | null | undefined): DeviceType {
  if (!userAgent?.trim()) return 'Unknown';
  const { device, os, browser } = new UAParser(userAgent).getResult();
  if (device.type === 'mobile' || device.type === 'wearable') return 'Mobile';
  if (device.type === 'tablet') return 'Tablet';
  if (device.type === undefined && (os.name || browser.name)) return 'Desktop';
  return 'Unknown';
}
