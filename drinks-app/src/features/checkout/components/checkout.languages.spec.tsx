import { fireEvent, screen } from '@testing-library/react';
import { priceDrinks, type CartItem } from '@festival/contracts';
import { TipPicker } from '#shared/components/tip-picker.tsx';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { OrderSummary } from './order-summary';
import { PaymentChoice } from './payment-choice';

const items: CartItem[] = [
  { id: 'mango-lassi', name: 'Mango Lassi', description: '', category: 'Lassis', price: 650, available: 80, quantity: 2 },
  { id: 'masala-chai', name: 'Masala Chai', description: '', category: 'Chai & Coffee', price: 400, available: 50, quantity: 1 },
];

describe('the checkout in Hindi and Tamil', () => {
  it('offers the ways to pay and the tip in Hindi, in dollars', () => {
    renderInLanguage(
      <>
        <OrderSummary items={items} price={priceDrinks(items)} />
        <PaymentChoice method="tab" onChange={() => undefined} tab={{ reference: 'T-4F2A', totalCents: 1200 }} />
        <TipPicker subtotalCents={1700} tip={{ percent: 10 }} onChange={() => undefined} />
      </>,
      { language: 'hi', path: '/drinks/checkout' },
    );

    expect(screen.getByRole('heading', { name: 'ऑर्डर का सारांश' })).toBeTruthy();
    expect(screen.getByText('2 × Mango Lassi')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$18.59');
    expect(screen.getByRole('group', { name: 'आप भुगतान कैसे करना चाहेंगे?' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'मेरे टैब में जोड़ें' })).toHaveProperty('checked', true);
    expect(screen.getByText('कार्ड की ज़रूरत नहीं: टैब T-4F2A, अब तक $12.00।')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'अभी भुगतान करें' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'कोई टिप नहीं' })).toBeTruthy();
    expect(screen.getByTestId('tip-amount').textContent).toBe('टिप: $1.70');
  });

  it('offers the ways to pay and a custom tip in Tamil, in dollars', () => {
    renderInLanguage(
      <>
        <PaymentChoice method="pay-now" onChange={() => undefined} tab={null} />
        <TipPicker subtotalCents={500} tip={{ cents: 600 }} onChange={() => undefined} />
      </>,
      { language: 'ta', path: '/drinks/checkout' },
    );

    expect(screen.getByRole('radio', { name: 'இப்போதே செலுத்து' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'டேப் திறக்கவும்' })).toBeTruthy();
    expect(screen.getByText('கார்டைச் சேமியுங்கள், பின்னர் மேலும் ஆர்டர் செய்யுங்கள்: இறுதியில் ஒரே ஒரு முறை கட்டணம்.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'டிப்ஸ் சேர்க்கவும்' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'வேறு தொகை' })).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('டிப்ஸ் தொகை ($)'), { target: { value: '6' } });
    expect(screen.getByTestId('tip-amount').textContent).toBe('டிப்ஸ்: $6.00 (டிப்ஸ் பானங்களின் விலையை விட அதிகமாக இருக்கக்கூடாது)');
  });
});
