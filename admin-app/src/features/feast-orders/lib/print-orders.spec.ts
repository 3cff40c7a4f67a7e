import { createFeastOrder } from '#shared/testing/factories.ts';
import { renderPrintableOrders } from './print-orders';

describe('the printable orders page', () => {
  it('is titled with the restaurant, shows 12-character ids, every order and the total', () => {
    const doc = document.implementation.createHTMLDocument('');
    renderPrintableOrders(doc, {
      orders: [
        createFeastOrder(),
        createFeastOrder({ id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', customerName: 'Ravi Iyer', totalAmount: 5468 }),
      ],
      restaurantName: 'Saffron Leaf',
      printedAt: new Date('2025-10-20T10:00:00Z'),
    });
    expect(doc.title).toBe('Saffron Leaf - Feast Pack Orders');
    expect(doc.querySelector('h1')?.textContent).toBe('Saffron Leaf');
    const rows = [...doc.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toHaveLength(2);
    expect(rows[0][0]).toBe('3f2a9c1e-7b4');
    expect(rows[1][0]).toBe('a1b2c3d4-e5f');
    expect(rows[0][1]).toBe('Asha Raman');
    expect(rows[0][4]).toBe('Vegetarian Feast Pack x 2Sweets Box x 1');
    expect(rows[0][5]).toBe('$103.88');
    expect(doc.querySelector('tfoot')?.textContent).toContain('$158.56');
    expect(doc.querySelector('style')?.textContent).toContain('@page');
  });

  it('prints whatever a customer typed as text, never as markup', () => {
    const doc = document.implementation.createHTMLDocument('');
    const name = '<img src=x onerror="alert(1)">';
    renderPrintableOrders(doc, {
      orders: [createFeastOrder({ customerName: name })],
      restaurantName: '<b>Cafe</b>',
      printedAt: new Date(),
    });
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.querySelector('tbody td:nth-child(2)')?.textContent).toBe(name);
  });
});
