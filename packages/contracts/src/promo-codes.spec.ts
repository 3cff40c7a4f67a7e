import { PROMO_CODE_REFUSALS, promoCodeAppliedMessage } from './party.js';
import { createPromoCodeSchema, normalizePromoCode, promoCodeStatusOf, updatePromoCodeSchema } from './promo-codes.js';

const messagesOf = (
  body: Record<string, unknown>,
  schema: typeof createPromoCodeSchema | typeof updatePromoCodeSchema = createPromoCodeSchema,
) => {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('promo code schemas', () => {
  it('stores the code trimmed and upper-case; a new code has no limit, no end and is active', () => {
    expect(createPromoCodeSchema.parse({ code: '  lights-10 ', percentOff: 10 })).toEqual({
      code: 'LIGHTS-10',
      percentOff: 10,
      maxUses: null,
      validUntil: null,
      active: true,
    });
    expect(normalizePromoCode(' diwali5 ')).toBe('DIWALI5');
  });

  it('names the field of each refusal', () => {
    const base = { code: 'DIWALI5', percentOff: 5 };
    expect(messagesOf({ ...base, code: '   ' })).toEqual(['code: Promo code is required']);
    expect(messagesOf({ ...base, code: 'X'.repeat(41) })).toEqual(['code: Promo code cannot be longer than 40 characters']);
    expect(messagesOf({ ...base, code: 'DIWALI 5%' })).toEqual(['code: Promo code can only have letters, digits, - and _']);
    expect(messagesOf({ ...base, percentOff: 0 })).toEqual(['percentOff: Percent off must be at least 1']);
    expect(messagesOf({ ...base, percentOff: 101 })).toEqual(['percentOff: Percent off cannot be more than 100']);
    expect(messagesOf({ ...base, percentOff: 5.5 })).toEqual(['percentOff: Percent off must be a whole number']);
    expect(messagesOf({ ...base, maxUses: 0 })).toEqual(['maxUses: Maximum uses must be at least 1']);
    expect(messagesOf({ ...base, maxUses: 'ten' })).toEqual(['maxUses: Expected number, received string']);
    expect(messagesOf({ ...base, validUntil: '2026-11-01' })).toEqual([
      'validUntil: Valid until must be a date and time such as 2026-11-01T23:59:00-07:00, or null for no end',
    ]);
    expect(messagesOf({ ...base, active: 'yes' })).toEqual(['active: Expected boolean, received string']);
    expect(messagesOf({ ...base, uses: 3 })).toEqual([': Unrecognized key: "uses"']);
  });

  it('takes the whole code on an update: a missing field is refused, not reset', () => {
    const whole = { code: 'DIWALI5', percentOff: 5, maxUses: null, validUntil: null, active: false };
    expect(messagesOf(whole, updatePromoCodeSchema)).toEqual([]);
    const { maxUses: _maxUses, ...withoutMaxUses } = whole;
    expect(messagesOf(withoutMaxUses, updatePromoCodeSchema)).toEqual(['maxUses: Required']);
  });
});

describe('promoCodeStatusOf', () => {
  const now = new Date('2026-10-20T12:00:00Z');
  const code = { active: true, validUntil: null, maxUses: null };

  it('is invalid for an unknown or switched-off code, whatever else', () => {
    expect(promoCodeStatusOf(undefined, 0, now)).toBe('invalid');
    expect(promoCodeStatusOf({ ...code, active: false, validUntil: '2020-01-01T00:00:00Z', maxUses: 1 }, 5, now)).toBe('invalid');
  });

  it('is expired from validUntil on, then used up once its uses reach maxUses', () => {
    expect(promoCodeStatusOf({ ...code, validUntil: '2026-10-20T12:00:00.001Z' }, 0, now)).toBe('valid');
    expect(promoCodeStatusOf({ ...code, validUntil: new Date('2026-10-20T12:00:00Z') }, 0, now)).toBe('expired');
    expect(promoCodeStatusOf({ ...code, validUntil: '2026-10-20T04:59:00-07:00', maxUses: 1 }, 1, now)).toBe('expired');
    expect(promoCodeStatusOf({ ...code, maxUses: 2 }, 1, now)).toBe('valid');
    expect(promoCodeStatusOf({ ...code, maxUses: 2 }, 2, now)).toBe('used-up');
    expect(promoCodeStatusOf(code, 1_000, now)).toBe('valid');
  });

  it('has the words the page shows', () => {
    expect(PROMO_CODE_REFUSALS).toEqual({
      invalid: 'Invalid promo code',
      expired: 'This promo code has expired',
      'used-up': 'This promo code has been used up',
    });
    expect(promoCodeAppliedMessage(15)).toBe("Promo code applied! You'll save an additional 15%");
  });
});
