import type { StaffAction } from '@festival/contracts';

/** The activity log's actions in words. */
export const ACTION_LABELS: Record<StaffAction, string> = {
  login: 'Logged in',
  'login.failed': 'Failed login',
  logout: 'Logged out',
  'device.added': 'Device added',
  'device.revoked': 'Device revoked',
  'device.signed-in': 'Device signed in',
  'device.pass-refused': 'Device pass refused',
  'bar.order-status': 'Bar order status',
  'drink.stock': 'Stock changed',
  'tab.close': 'Tab closed',
  'tab.settle': 'Tab settled',
  'tab.limit': 'Tab limit raised',
  'campaign.create': 'Campaign created',
  'campaign.send': 'Campaign sent',
  'campaign.test': 'Test e-mail sent',
  'campaign.delete': 'Campaign deleted',
  'check-in': 'Guest checked in',
  'drink.complimentary': 'Complimentary drink',
  'ticket.resend': 'Tickets e-mailed again',
  'settings.change': 'Settings changed',
  'promo-code.create': 'Promo code added',
  'promo-code.update': 'Promo code changed',
  'drink.menu': 'Drinks menu changed',
  'event.start': 'Next event started',
};
