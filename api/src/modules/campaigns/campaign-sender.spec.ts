import { MailDeliveryError } from '../mail/mail.service.js';
import { isHardBounce, retryDelayMs } from './campaign-sender.js';

describe('retryDelayMs', () => {
  it('doubles the base after each attempt, up to six hours', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(6 * 60 * 60_000);
  });
});

describe('isHardBounce', () => {
  it('is a permanent refusal of the address, not of the message nor a temporary one', () => {
    expect(isHardBounce(new MailDeliveryError('550 User unknown', true, 550, 'RCPT TO'))).toBe(true);
    expect(isHardBounce(new MailDeliveryError('552 Message too large', true, 552, 'DATA'))).toBe(false);
    expect(isHardBounce(new MailDeliveryError('450 Mailbox busy', false, 450, 'RCPT TO'))).toBe(false);
    expect(isHardBounce(new MailDeliveryError('connect ECONNREFUSED', false))).toBe(false);
    expect(isHardBounce(new Error('550 User unknown'))).toBe(false);
  });
});
