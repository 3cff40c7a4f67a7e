import { createPaidTicketRow } from '#shared/testing/factories.ts';
import { byLastName, checkInState, partyTicketsCsv, partyTicketsCsvFileName, searchTickets, splitLastName } from './party-tickets';

const asha = createPaidTicketRow({
  id: '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b',
  customerName: 'Asha Raman',
  customerEmail: 'asha.raman@example.com',
  customerPhone: '(408) 555-0101',
  admitted: 2,
});
const ravi = createPaidTicketRow({
  id: 'a1b2c3d4-0000-4000-8000-000000000000',
  customerName: 'Ravi Iyer',
  customerEmail: 'ravi@example.com',
  customerPhone: '408.555.0199',
  adultTickets: 1,
  childTickets: 0,
});

describe('party ticket orders on the dashboard', () => {
  it('states the check-in as 2 of 3 in, and nothing before anyone is in', () => {
    expect(checkInState(asha)).toBe('2 of 3 in');
    expect(checkInState({ ...asha, admitted: 3 })).toBe('3 of 3 in');
    expect(checkInState(ravi)).toBeNull();
  });

  it('finds orders by name, e-mail, phone (however its digits are written) or reference', () => {
    const find = (search: string) => searchTickets([asha, ravi], search).map((t) => t.customerName);
    expect(find('')).toEqual(['Asha Raman', 'Ravi Iyer']);
    expect(find('raman')).toEqual(['Asha Raman']);
    expect(find('RAVI@EXAMPLE')).toEqual(['Ravi Iyer']);
    expect(find('5550199')).toEqual(['Ravi Iyer']);
    expect(find('555-0101')).toEqual(['Asha Raman']);
    expect(find('(408)')).toEqual(['Asha Raman', 'Ravi Iyer']);
    expect(find('3F2B9C1E')).toEqual(['Asha Raman']);
    expect(find('a1b2c3d4')).toEqual(['Ravi Iyer']);
    expect(find('asha 0101')).toEqual(['Asha Raman']);
    expect(find('asha 0199')).toEqual([]);
    // The reference is the id's first 8 characters, not anything further in it.
    expect(find('8a4d')).toEqual([]);
  });

  it('sorts by last name, then the rest of the name', () => {
    const names = ['Priya Iyer', 'Meena', 'Asha Raman', 'arun iyer', 'Kavya  Nair ', 'Lakshmi Venkat'];
    const rows = names.map((customerName, i) => createPaidTicketRow({ id: `0000000${i}-0000-4000-8000-000000000000`, customerName }));
    expect(byLastName(rows).map((t) => t.customerName)).toEqual([
      'arun iyer',
      'Priya Iyer',
      'Meena',
      'Kavya  Nair ',
      'Asha Raman',
      'Lakshmi Venkat',
    ]);
    expect(splitLastName('  Kavya  Nair ')).toEqual({ first: 'Kavya', last: 'Nair' });
    expect(splitLastName('Meena')).toEqual({ first: '', last: 'Meena' });
  });

  it('exports the orders with their check-in state and their other tickets', () => {
    const lines = partyTicketsCsv([asha, ravi]).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Reference","Order ID","Customer Name","Email","Phone","Adult Tickets","Child Tickets","Checked In","Total","Order Date","Other tickets"',
    );
    expect(lines[1]).toMatch(
      /^"3F2B9C1E","3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b","Asha Raman","asha.raman@example.com","\(408\) 555-0101","2","1","2 of 3","142.16","\d{4}-\d{2}-\d{2} \d{2}:\d{2}",""$/,
    );
    expect(lines[2]).toContain('"1","0","0 of 1"');
    const table = partyTicketsCsv([createPaidTicketRow({ otherTickets: '1 VIP Table' })])
      .trimEnd()
      .split('\r\n');
    expect(table[1]).toMatch(/,"1 VIP Table"$/);
    expect(partyTicketsCsvFileName(new Date(2025, 9, 24, 20, 0))).toBe('party-tickets-2025-10-24.csv');
  });
});
