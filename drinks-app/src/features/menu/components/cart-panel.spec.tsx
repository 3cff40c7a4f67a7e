import { fireEvent, screen } from '@testing-library/react';
import type { Drink } from '@festival/contracts';
import { EMPTY_GUEST, useCartStore } from '#shared/stores/cart-store.ts';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { CartPanel } from './cart-panel';

const lassi: Drink = { id: 'mango-lassi', name: 'Mango Lassi', description: '', category: 'Lassis', price: 650, available: 80 };
const chai: Drink = { id: 'masala-chai', name: 'Masala Chai', description: '', category: 'Chai & Coffee', price: 400, available: 50 };

function renderPanel() {
  const onClose = jest.fn();
  renderInLanguage(<CartPanel onClose={onClose} />, { path: '/drinks' });
  return onClose;
}

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], guest: EMPTY_GUEST });
});

describe('the cart panel', () => {
  it('shows each line with named controls, and the subtotal, tax and total', () => {
    useCartStore.getState().add(lassi);
    useCartStore.getState().add(chai);
    renderPanel();

    expect(screen.getByRole('button', { name: 'Decrease quantity of Mango Lassi' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Mango Lassi' }));
    expect(screen.getByTestId('quantity-mango-lassi').textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Mango Lassi' }).hasAttribute('disabled')).toBe(false);
    // $13.00 + $4.00 = $17.00, tax $1.59, total $18.59
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$17.00');
    expect(screen.getByTestId('cart-tax').textContent).toBe('$1.59');
    expect(screen.getByTestId('cart-total').textContent).toBe('$18.59');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Masala Chai' }));
    expect(screen.queryByText('Masala Chai')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$14.22');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/drinks/checkout');
  });

  it('says when the cart is empty and offers no checkout', () => {
    const onClose = renderPanel();
    expect(screen.getByText('Your cart is empty. Add a drink from the menu.')).toBeTruthy();
    expect(screen.queryByText('Proceed to Checkout')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep Browsing' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('holds the checkout back while a drink is out of stock', () => {
    useCartStore.setState({ items: [{ ...lassi, available: 0, quantity: 1 }] });
    renderPanel();
    expect(screen.getByText('Out of Stock: please remove it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' }).hasAttribute('disabled')).toBe(true);
  });
});
