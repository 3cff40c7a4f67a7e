import { priceDrinks } from '@festival/contracts';
import { screen, within } from '@testing-library/react';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { LineItems } from './line-items';

describe('the line items of an order', () => {
  it('shows each item with its quantity and amount, then the subtotal, tax and total under the given test ids', () => {
    const items = [
      { id: 'mango-lassi', name: 'Mango Lassi', price: 650, quantity: 2 },
      { id: 'masala-chai', name: 'Masala Chai', price: 400, quantity: 1 },
    ];
    renderInLanguage(<LineItems items={items} price={priceDrinks(items)} testIdPrefix="receipt" />, { path: null });

    const lines = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['2 × Mango Lassi$13.00', '1 × Masala Chai$4.00']);
    expect(screen.getByTestId('receipt-subtotal').textContent).toBe('$17.00');
    expect(screen.getByTestId('receipt-tax').textContent).toBe('$1.59');
    expect(screen.getByTestId('receipt-total').textContent).toBe('$18.59');
  });

  it('takes a receipt as it comes from the API, without an item count', () => {
    const receipt = {
      items: [{ id: 'rose-sharbat', name: 'Rose Sharbat', price: 500, quantity: 3 }],
      subtotalCents: 1500,
      taxCents: 141,
      totalCents: 1641,
    };
    renderInLanguage(<LineItems items={receipt.items} price={receipt} testIdPrefix="receipt" />, { path: null });

    expect(screen.getByRole('listitem').textContent).toBe('3 × Rose Sharbat$15.00');
    expect(screen.getByTestId('receipt-total').textContent).toBe('$16.41');
  });
});
