import { errorsByField } from './field-errors';

describe('errorsByField', () => {
  const FIELDS = ['code', 'percentOff', 'maxUses'] as const;

  it('puts each part beside its field, the first text of each', () => {
    expect(
      errorsByField(
        'code: Promo code is required; percentOff: Expected number, received string; code: Promo code can only have letters',
        FIELDS,
      ),
    ).toEqual({ byField: { code: 'Promo code is required', percentOff: 'Expected number, received string' }, other: [] });
  });

  it('keeps what names no known field whole', () => {
    expect(errorsByField('Unrecognized key: "uses"; validUntil: Valid until must be a date', FIELDS)).toEqual({
      byField: {},
      other: ['Unrecognized key: "uses"', 'validUntil: Valid until must be a date'],
    });
    expect(errorsByField('A promo code DIWALI5 already exists', FIELDS)).toEqual({
      byField: {},
      other: ['A promo code DIWALI5 already exists'],
    });
  });

  it('takes a path under a field as the field', () => {
    expect(errorsByField('maxUses.0: Too many', FIELDS).byField).toEqual({ maxUses: 'Too many' });
  });
});
