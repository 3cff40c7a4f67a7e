import { createPaidTicketRow } from '#shared/testing/factories.ts';
import { renderDoorList } from './print-door-list';

const rowsOf = (doc: Document) =>
  [...doc.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('the printed door list', () => {
  it('lists every order alphabetical by last name, with its reference, tickets, who was in, and a box to tick', () => {
    const doc = document.implementation.createHTMLDocument('');
    renderDoorList(doc, {
      tickets: [
        createPaidTicketRow({ id: '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b', customerName: 'Asha Raman', admitted: 1 }),
        createPaidTicketRow({ id: 'a1b2c3d4-0000-4000-8000-000000000000', customerName: 'Ravi Iyer', adultTickets: 1, childTickets: 0 }),
        createPaidTicketRow({ id: 'b2c3d4e5-0000-4000-8000-000000000000', customerName: 'Kavya Nair', adultTickets: 4, childTickets: 2 }),
      ],
      restaurantName: 'Saffron Leaf',
      eventLine: 'Event: Friday, October 24th, 2025 at Milpitas ICC',
      printedAt: new Date('2025-10-24T17:00:00Z'),
    });
    expect(doc.title).toBe('Saffron Leaf - Door List');
    expect(doc.querySelector('h1')?.textContent).toBe('Saffron Leaf');
    expect(doc.querySelector('h2')?.textContent).toBe('Diwali Party Door List');
    expect(doc.querySelector('header')?.textContent).toContain('Event: Friday, October 24th, 2025 at Milpitas ICC');
    expect(doc.querySelector('header')?.textContent).toContain('3 orders · 10 guests');
    expect([...doc.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Arrived',
      'Name',
      'Reference',
      'Tickets',
      'In when printed',
    ]);
    expect(rowsOf(doc)).toEqual([
      ['', 'Ravi Iyer', 'A1B2C3D4', '1 adult', ''],
      ['', 'Kavya Nair', 'B2C3D4E5', '4 adults, 2 children', ''],
      ['', 'Asha Raman', '3F2B9C1E', '2 adults, 1 child', '1 of 3 in'],
    ]);
    expect(doc.querySelectorAll('tbody td.tick span.box')).toHaveLength(3);
    expect([...doc.querySelectorAll('tbody strong')].map((s) => s.textContent)).toEqual(['Iyer', 'Nair', 'Raman']);
    expect(doc.querySelector('tfoot')?.textContent).toBe('3 orders, 10 guests');
    expect(doc.querySelector('style')?.textContent).toContain('@page');
  });

  it('prints whatever a buyer typed as text, never as markup', () => {
    const doc = document.implementation.createHTMLDocument('');
    const name = 'Eve <img src=x onerror="alert(1)">';
    renderDoorList(doc, { tickets: [createPaidTicketRow({ customerName: name })], restaurantName: '<b>Cafe</b>', printedAt: new Date() });
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.querySelector('tbody td:nth-child(2)')?.textContent).toBe(name);
  });
});
