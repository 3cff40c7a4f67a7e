import { screen } from '@testing-library/react';
import type { Drink } from '@festival/contracts';
import { EMPTY_GUEST, useCartStore } from '#shared/stores/cart-store.ts';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { CartPanel } from './cart-panel';

const lassi: Drink = { id: 'mango-lassi', name: 'Mango Lassi', description: '', category: 'Lassis', price: 650, available: 80 };
const chai: Drink = { id: 'masala-chai', name: 'Masala Chai', description: '', category: 'Chai & Coffee', price: 400, available: 50 };

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], guest: EMPTY_GUEST });
  useCartStore.getState().add(lassi);
  useCartStore.getState().add(lassi);
  useCartStore.getState().add(chai);
});

describe('the cart in Hindi and Tamil', () => {
  it('speaks Hindi, keeps the drinks’ names and the dollar amounts, and links to the Hindi checkout', () => {
    renderInLanguage(<CartPanel onClose={() => undefined} />, { language: 'hi', path: '/drinks' });

    expect(screen.getByRole('heading', { name: 'आपका कार्ट' })).toBeTruthy();
    expect(screen.getByText('$6.50 प्रति ड्रिंक')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mango Lassi की मात्रा बढ़ाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Masala Chai हटाएँ' })).toBeTruthy();
    expect(screen.getByText('उप-योग')).toBeTruthy();
    expect(screen.getByText('टैक्स (9.38%)')).toBeTruthy();
    // $13.00 + $4.00 = $17.00, tax $1.59, total $18.59: US dollars in every language.
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$17.00');
    expect(screen.getByTestId('cart-total').textContent).toBe('$18.59');
    expect(screen.getByRole('link', { name: 'चेकआउट पर जाएँ' }).getAttribute('href')).toBe('/hi/drinks/checkout');
    expect(screen.getByRole('button', { name: 'मेन्यू देखते रहें' })).toBeTruthy();
  });

  it('speaks Tamil, keeps the dollar amounts, and links to the Tamil checkout', () => {
    renderInLanguage(<CartPanel onClose={() => undefined} />, { language: 'ta', path: '/drinks' });

    expect(screen.getByRole('heading', { name: 'உங்கள் கூடை' })).toBeTruthy();
    expect(screen.getByText('ஒன்றுக்கு $4.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mango Lassi அளவைக் குறை' })).toBeTruthy();
    expect(screen.getByText('மொத்தம்')).toBeTruthy();
    expect(screen.getByTestId('cart-tax').textContent).toBe('$1.59');
    expect(screen.getByTestId('cart-total').textContent).toBe('$18.59');
    expect(screen.getByRole('link', { name: 'செக்அவுட்டுக்குச் செல்லவும்' }).getAttribute('href')).toBe('/ta/drinks/checkout');
  });

  it('still speaks English at the English path, word for word', () => {
    renderInLanguage(<CartPanel onClose={() => undefined} />);

    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeTruthy();
    expect(screen.getByText('$6.50 each')).toBeTruthy();
    expect(screen.getByText('Tax (9.38%)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/drinks/checkout');
  });
});
