import { maskEmail, priceParty, partyContactSchema, partyOrderRequestSchema, resendConfirmationRequestSchema } from './party.js';

const prices = { adultPriceCents: 4999, childPriceCents: 2999 };
const price = (adultTickets: number, childTickets: number, promoPercent = 0) =>
  priceParty({ adultTickets, childTickets, promoPercent, ...prices });

describe('priceParty', () => {
  it('is zero for no tickets', () => {
    expect(price(0, 0)).toMatchObject({ subtotalCents: 0, groupDiscountCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('gives no group discount below 10 tickets (9 adults)', () => {
    // 9 x 4999 = 44991; tax 9.38 % = 4220.1558 -> 4220
    expect(price(9, 0)).toMatchObject({
      subtotalCents: 44991,
      groupDiscountPercent: 0,
      groupDiscountCents: 0,
      taxCents: 4220,
      totalCents: 49211,
    });
  });

  it('takes 3 % off from 10 tickets, counting children', () => {
    // 8 x 4999 + 2 x 2999 = 45990; 3 % = 1379.7 -> 1380; 44610; tax 4184.418 -> 4184
    expect(price(8, 2)).toMatchObject({
      subtotalCents: 45990,
      groupDiscountPercent: 3,
      groupDiscountCents: 1380,
      discountedCents: 44610,
      taxCents: 4184,
      totalCents: 48794,
    });
  });

  it('still takes 3 % at 19 tickets', () => {
    // 19 x 4999 = 94981; 3 % = 2849.43 -> 2849; 92132; tax 8641.98... -> 8642
    expect(price(19, 0)).toMatchObject({ groupDiscountPercent: 3, groupDiscountCents: 2849, taxCents: 8642, totalCents: 100774 });
  });

  it('takes 5 % off from 20 tickets', () => {
    // 20 x 4999 = 99980; 5 % = 4999; 94981; tax 8909.2178 -> 8909
    expect(price(20, 0)).toMatchObject({ groupDiscountPercent: 5, groupDiscountCents: 4999, taxCents: 8909, totalCents: 103890 });
  });

  it('applies the promo 5 % after the group discount, then the tax', () => {
    // 2 adults + 1 child = 12997; no group; promo 649.85 -> 650; 12347; tax 1158.1486 -> 1158
    expect(price(2, 1, 5)).toMatchObject({
      subtotalCents: 12997,
      groupDiscountCents: 0,
      promoDiscountPercent: 5,
      promoDiscountCents: 650,
      discountedCents: 12347,
      taxCents: 1158,
      totalCents: 13505,
    });
    // 10 adults: 49990; group 3 % = 1499.7 -> 1500; 48490; promo 2424.5 -> 2425; 46065; tax 4320.897 -> 4321
    expect(price(10, 0, 5)).toMatchObject({
      groupDiscountCents: 1500,
      promoDiscountCents: 2425,
      discountedCents: 46065,
      taxCents: 4321,
      totalCents: 50386,
    });
    // 20 adults: 99980; group 4999; 94981; promo 4749.05 -> 4749; 90232; tax 8463.7616 -> 8464
    expect(price(20, 0, 5)).toMatchObject({ promoDiscountCents: 4749, taxCents: 8464, totalCents: 98696 });
  });

  it("takes the code's own percent, with the same order of operations and rounding", () => {
    // 10 adults: 49990; group 3 % = 1499.7 -> 1500; 48490; promo 15 % = 7273.5 -> 7274; 41216; tax 3866.0608 -> 3866
    expect(price(10, 0, 15)).toMatchObject({
      groupDiscountCents: 1500,
      promoDiscountPercent: 15,
      promoDiscountCents: 7274,
      discountedCents: 41216,
      taxCents: 3866,
      totalCents: 45082,
    });
    // 1 child: 2999; promo 1 % = 29.99 -> 30; 2969; tax 278.4922 -> 278
    expect(price(0, 1, 1)).toMatchObject({ promoDiscountPercent: 1, promoDiscountCents: 30, taxCents: 278, totalCents: 3247 });
    // 100 % off: nothing left, no tax.
    expect(price(2, 1, 100)).toMatchObject({ promoDiscountCents: 12997, discountedCents: 0, taxCents: 0, totalCents: 0 });
    // Without a code: no promo line.
    expect(price(2, 1)).toMatchObject({ promoDiscountPercent: 0, promoDiscountCents: 0, totalCents: 14216 });
  });

  it('gives the promo on 9 tickets without any group discount', () => {
    // 9 children = 26991; promo 1349.55 -> 1350; 25641; tax 2405.1258 -> 2405
    expect(price(0, 9, 5)).toMatchObject({ groupDiscountCents: 0, promoDiscountCents: 1350, totalCents: 28046 });
  });
});

describe('party schemas', () => {
  it('gives the contact form its exact messages', () => {
    const result = partyContactSchema.safeParse({ firstName: ' ', lastName: '', email: 'nope', phone: '555-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Phone number must be at least 10 digits',
    ]);
  });

  it('refuses an order without tickets, with fractional or negative counts, or unknown fields', () => {
    const base = {
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      customerPhone: '4085550100',
      adultTickets: 1,
      childTickets: 0,
      totalAmount: 5468,
    };
    expect(partyOrderRequestSchema.safeParse(base).success).toBe(true);
    expect(partyOrderRequestSchema.safeParse({ ...base, adultTickets: 0 }).error?.issues[0].message).toBe(
      'Please select at least one ticket',
    );
    expect(partyOrderRequestSchema.safeParse({ ...base, adultTickets: 1.5 }).success).toBe(false);
    expect(partyOrderRequestSchema.safeParse({ ...base, childTickets: -1 }).success).toBe(false);
    expect(partyOrderRequestSchema.safeParse({ ...base, totalAmount: 54.68 }).success).toBe(false);
    expect(partyOrderRequestSchema.safeParse({ ...base, isAdmin: true }).success).toBe(false);
  });
});

describe('resending the confirmation', () => {
  it('masks the address it went to: its first character and its domain', () => {
    expect(maskEmail('asha.raman@example.com')).toBe('a…@example.com');
    expect(maskEmail('x@mail.example')).toBe('x…@mail.example');
    expect(maskEmail('not-an-address')).toBe('…');
  });

  it('needs the client secret and nothing else', () => {
    expect(resendConfirmationRequestSchema.safeParse({ clientSecret: 'pi_1_secret_2' }).success).toBe(true);
    const missing = resendConfirmationRequestSchema.safeParse({});
    expect(missing.error?.issues.map((i) => i.message)).toEqual(['Required']);
    expect(resendConfirmationRequestSchema.safeParse({ clientSecret: ' ' }).success).toBe(false);
    expect(resendConfirmationRequestSchema.safeParse({ clientSecret: 'pi_1_secret_2', email: 'x@example.com' }).success).toBe(false);
  });
});
