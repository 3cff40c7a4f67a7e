import { checkSimulatedCard } from './simulated-card.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('checkSimulatedCard', () => {
  it('approves 4242 4242 4242 4242 with a future expiry and a CVC', () => {
    expect(checkSimulatedCard('4242 4242 4242 4242', '12 / 30', '123', now)).toEqual({ outcome: 'approved', last4: '4242' });
  });

  it('declines 4000 0000 0000 0002 with Stripe test mode message', () => {
    expect(checkSimulatedCard('4000 0000 0000 0002', '12/30', '123', now)).toEqual({
      outcome: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('tells what is wrong with a malformed card', () => {
    expect(checkSimulatedCard('4242', '12/30', '123', now)).toMatchObject({ message: 'Your card number is incomplete.' });
    expect(checkSimulatedCard('4242 4242 4242 4241', '12/30', '123', now)).toMatchObject({ message: 'Your card number is invalid.' });
    expect(checkSimulatedCard('4242424242424242', '13/30', '123', now)).toMatchObject({
      message: "Your card's expiration date is invalid.",
    });
    expect(checkSimulatedCard('4242424242424242', '10/26', '123', now)).toMatchObject({ outcome: 'invalid' });
    expect(checkSimulatedCard('4242424242424242', '11/26', '123', now)).toMatchObject({ outcome: 'approved' });
    expect(checkSimulatedCard('4242424242424242', '12/30', '1', now)).toMatchObject({
      message: "Your card's security code is incomplete.",
    });
  });

  it('declines a real-looking card that is not a test card', () => {
    expect(checkSimulatedCard('5555 5555 5555 4444', '12/30', '123', now)).toMatchObject({ outcome: 'declined' });
  });
});
