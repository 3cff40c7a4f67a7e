import {
  drinkPaymentRequestSchema,
  drinkTabRequestSchema,
  priceDrinks,
  priceDrinksSubtotal,
  tabOrderRequestSchema,
  updateDrinkStockRequestSchema,
} from './drinks.js';

const request = {
  customerName: 'Priya',
  items: [{ id: 'mango-lassi', name: 'Mango Lassi', price: 650, quantity: 2 }],
  total: 1422,
};

describe('priceDrinks', () => {
  it('is zero for an empty cart', () => {
    expect(priceDrinks([])).toEqual({ itemCount: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('adds the lines and takes 9.38 % tax once on the subtotal', () => {
    // 2 x 650 + 1 x 1200 = 2500; tax 234.5 -> 235 (half away from zero)
    expect(
      priceDrinks([
        { price: 650, quantity: 2 },
        { price: 1200, quantity: 1 },
      ]),
    ).toEqual({
      itemCount: 3,
      subtotalCents: 2500,
      taxCents: 235,
      totalCents: 2735,
    });
  });

  it('rounds the tax of the whole subtotal, not of each line', () => {
    // 3 lines of 50: per line 4.69 -> 5 would make 15; on the subtotal 150: 14.07 -> 14
    expect(
      priceDrinks([
        { price: 50, quantity: 1 },
        { price: 50, quantity: 1 },
        { price: 50, quantity: 1 },
      ]).taxCents,
    ).toBe(14);
    expect(priceDrinks([{ price: 50, quantity: 3 }]).taxCents).toBe(14);
  });

  it('prices a whole tab from the subtotals of its orders: tax once on their sum', () => {
    // Two orders of 50 are taxed 5 apiece (4.69 -> 5); the tab of 100 is taxed 9.38 -> 9 once.
    expect(priceDrinksSubtotal(100)).toEqual({ subtotalCents: 100, taxCents: 9, totalCents: 109 });
    expect(priceDrinksSubtotal(2500)).toEqual({ subtotalCents: 2500, taxCents: 235, totalCents: 2735 });
  });

  it('prices a realistic round', () => {
    // 2 x $6.50 + $9.00 + $12.00 = $34.00; tax 318.92 -> 319; total $37.19
    expect(
      priceDrinks([
        { price: 650, quantity: 2 },
        { price: 900, quantity: 1 },
        { price: 1200, quantity: 1 },
      ]),
    ).toMatchObject({
      subtotalCents: 3400,
      taxCents: 319,
      totalCents: 3719,
    });
  });
});

describe('drink request schemas', () => {
  it('accepts a pay-now order and drops empty optional fields', () => {
    const parsed = drinkPaymentRequestSchema.parse({ ...request, customerEmail: '', customerPhone: ' ', tableNumber: ' 7 ' });
    expect(parsed).toEqual({ ...request, customerEmail: undefined, customerPhone: undefined, tableNumber: '7' });
  });

  it('asks for the name with the product text', () => {
    const result = drinkPaymentRequestSchema.safeParse({ ...request, customerName: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Please enter your name');
  });

  it('refuses an empty cart, a zero quantity, fractional cents and the same drink twice', () => {
    expect(drinkPaymentRequestSchema.safeParse({ ...request, items: [] }).error?.issues[0].message).toBe('Your cart is empty');
    expect(drinkPaymentRequestSchema.safeParse({ ...request, items: [{ ...request.items[0], quantity: 0 }] }).success).toBe(false);
    expect(drinkPaymentRequestSchema.safeParse({ ...request, total: 14.22 }).success).toBe(false);
    const twice = drinkPaymentRequestSchema.safeParse({ ...request, items: [request.items[0], request.items[0]] });
    expect(twice.error?.issues[0].message).toBe('Mango Lassi is listed twice');
  });

  it('refuses unknown fields and a bad e-mail', () => {
    expect(drinkPaymentRequestSchema.safeParse({ ...request, discount: 100 }).success).toBe(false);
    expect(drinkTabRequestSchema.safeParse({ customerName: 'Priya', customerEmail: 'nope' }).error?.issues[0].message).toBe(
      'Invalid email address',
    );
    expect(drinkTabRequestSchema.parse({ customerName: 'Priya', customerEmail: ' Priya@Example.com ' }).customerEmail).toBe(
      'priya@example.com',
    );
  });

  it('needs the tab token for a tab order, and whole non-negative stock', () => {
    expect(tabOrderRequestSchema.safeParse({ items: request.items, total: 1422 }).success).toBe(false);
    expect(tabOrderRequestSchema.safeParse({ tabToken: 'secret', items: request.items, total: 1422 }).success).toBe(true);
    expect(updateDrinkStockRequestSchema.safeParse({ available: -1 }).success).toBe(false);
    expect(updateDrinkStockRequestSchema.safeParse({ available: 1.5 }).success).toBe(false);
    expect(updateDrinkStockRequestSchema.parse({ available: 0 })).toEqual({ available: 0 });
  });
});
