import { SIMULATED_CARDS, SIMULATED_DECLINE_MESSAGE } from '@festival/contracts';

/** Saved by a setup, but every later charge is declined (like Stripe's 4000 0000 0000 0341). */
export const ATTACH_THEN_DECLINE_CARD = '4000000000000341';

export type CardCheck =
  { outcome: 'approved'; last4: string } | { outcome: 'invalid'; message: string } | { outcome: 'declined'; message: string };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Checks a card on the simulated gateway the way Stripe's test mode does: the fields must be
 * well formed, 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds, and any other real-looking number is declined as not a test card.
 */
export function checkSimulatedCard(cardNumber: string, expiry: string, cvc: string, now = new Date()): CardCheck {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length < 13) return { outcome: 'invalid', message: 'Your card number is incomplete.' };
  if (digits.length > 19 || !luhnValid(digits)) return { outcome: 'invalid', message: 'Your card number is invalid.' };

  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return { outcome: 'invalid', message: "Your card's expiration date is incomplete." };
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { outcome: 'invalid', message: "Your card's expiration date is invalid." };
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (endOfMonth.getTime() <= now.getTime()) return { outcome: 'invalid', message: "Your card's expiration year is in the past." };

  if (!/^\d{3,4}$/.test(cvc.trim())) return { outcome: 'invalid', message: "Your card's security code is incomplete." };

  if (digits === SIMULATED_CARDS.declined) return { outcome: 'declined', message: SIMULATED_DECLINE_MESSAGE };
  if (digits === SIMULATED_CARDS.insufficientFunds) return { outcome: 'declined', message: 'Your card has insufficient funds.' };
  if (digits !== SIMULATED_CARDS.success && digits !== ATTACH_THEN_DECLINE_CARD) {
    return { outcome: 'declined', message: `${SIMULATED_DECLINE_MESSAGE} This is a test mode: use 4242 4242 4242 4242.` };
  }
  return { outcome: 'approved', last4: digits.slice(-4) };
}
