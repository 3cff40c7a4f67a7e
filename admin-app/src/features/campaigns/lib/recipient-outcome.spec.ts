import { recipientOutcome } from './recipient-outcome';

describe('a recipient in the campaign report', () => {
  it('names what became of it, with the reason of a skip or a failure', () => {
    expect(recipientOutcome({ email: 'a@example.com', status: 'sent', reason: null })).toBe('Sent');
    expect(recipientOutcome({ email: 'a@example.com', status: 'pending', reason: null })).toBe('Pending');
    expect(recipientOutcome({ email: 'a@example.com', status: 'skipped', reason: 'unsubscribed' })).toBe('Skipped: unsubscribed');
    expect(recipientOutcome({ email: 'a@example.com', status: 'skipped', reason: 'bounced' })).toBe('Skipped: bounced');
    expect(recipientOutcome({ email: 'a@example.com', status: 'failed', reason: '550 Mailbox unavailable' })).toBe(
      'Failed: 550 Mailbox unavailable',
    );
  });
});
