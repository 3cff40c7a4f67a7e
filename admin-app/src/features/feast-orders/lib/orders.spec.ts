import { createFeastOrder as createOrder } from '#shared/testing/factories.ts';
import { itemsLine, ORDER_CSV_COLUMNS, ordersCsv, ordersCsvFileName, pickupSortKey, searchOrders } from './orders';

describe('feast pack orders', () => {
  const asha = createOrder();
  const ravi = createOrder({
    id: 'a1b2c3d4-0000-4000-8000-000000000000',
    customerName: 'Ravi Iyer',
    customerEmail: 'ravi.iyer@example.com',
    customerPhone: '(408) 555-0199',
    items: [{ name: 'Non-Vegetarian Feast Pack', quantity: 1 }],
  });

  it('lists the items as name x quantity', () => {
    expect(itemsLine(asha)).toBe('Vegetarian Feast Pack x 2; Sweets Box x 1');
  });

  it('searches names, e-mails, phones, ids and items, every word, any case', () => {
    expect(searchOrders([asha, ravi], '')).toEqual([asha, ravi]);
    expect(searchOrders([asha, ravi], '  ')).toEqual([asha, ravi]);
    expect(searchOrders([asha, ravi], 'RAVI')).toEqual([ravi]);
    expect(searchOrders([asha, ravi], 'asha@example')).toEqual([asha]);
    expect(searchOrders([asha, ravi], '555-0199')).toEqual([ravi]);
    expect(searchOrders([asha, ravi], 'a1b2c3d4')).toEqual([ravi]);
    expect(searchOrders([asha, ravi], 'sweets')).toEqual([asha]);
    expect(searchOrders([asha, ravi], 'feast ravi')).toEqual([ravi]);
    expect(searchOrders([asha, ravi], 'nobody')).toEqual([]);
  });

  it('sorts pickups by date, then time of day', () => {
    const keys = [
      { pickupDate: 'October 19', pickupTime: '11:00 AM' },
      { pickupDate: 'October 18', pickupTime: '2:00 PM' },
      { pickupDate: 'October 18', pickupTime: '12:00 PM' },
      { pickupDate: 'October 9', pickupTime: '3:00 PM' },
      { pickupDate: 'someday', pickupTime: 'whenever' },
    ].sort((a, b) => pickupSortKey(a) - pickupSortKey(b));
    expect(keys.map((k) => `${k.pickupDate} ${k.pickupTime}`)).toEqual([
      'October 9 3:00 PM',
      'October 18 12:00 PM',
      'October 18 2:00 PM',
      'October 19 11:00 AM',
      'someday whenever',
    ]);
    expect(pickupSortKey({ pickupDate: '2025-10-18', pickupTime: '14:30' })).toBeLessThan(
      pickupSortKey({ pickupDate: '2025-10-19', pickupTime: '09:00' }),
    );
  });

  it('exports the spec columns, items joined with semicolons, totals in dollars, formulas defused', () => {
    const hostile = createOrder({ customerName: '=HYPERLINK("http://evil.example")', customerPhone: '+1 408 555 0101' });
    const [header, row, end] = ordersCsv([hostile]).split('\r\n');
    expect(header).toBe(ORDER_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(ORDER_CSV_COLUMNS).toEqual([
      'Order ID',
      'Customer Name',
      'Email',
      'Phone',
      'Pickup Date',
      'Pickup Time',
      'Items',
      'Total',
      'Order Date',
    ]);
    const cells = row.split('","');
    expect(cells[0]).toBe(`"${hostile.id}`);
    expect(cells[1]).toBe(`'=HYPERLINK(""http://evil.example"")`);
    expect(cells[3]).toBe("'+1 408 555 0101");
    expect(cells[6]).toBe('Vegetarian Feast Pack x 2; Sweets Box x 1');
    expect(cells[7]).toBe('103.88');
    expect(cells[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/);
    expect(end).toBe('');
  });

  it('names the file after today', () => {
    expect(ordersCsvFileName(new Date(2025, 9, 4, 23, 59))).toBe('feast-pack-orders-2025-10-04.csv');
  });
});
