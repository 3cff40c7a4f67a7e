import { isDatabaseUnavailable } from './database-unavailable.js';

/** A TypeORM query error as the drivers raise it: the driver's own error inside. */
const queryFailed = (driverError: object) => Object.assign(new Error('query failed'), { driverError, query: 'UPDATE x', parameters: [] });

describe('isDatabaseUnavailable', () => {
  it('takes a refused or lost connection for a database briefly out of reach', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(queryFailed({ code: 'PROTOCOL_CONNECTION_LOST' }))).toBe(true);
    expect(isDatabaseUnavailable(queryFailed({ errno: 2013 }))).toBe(true);
  });

  it('takes a lost deadlock or lock wait (the transaction was rolled back whole) for one to repeat', () => {
    expect(isDatabaseUnavailable(queryFailed({ code: 'ER_LOCK_DEADLOCK', errno: 1213 }))).toBe(true);
    expect(isDatabaseUnavailable(queryFailed({ errno: 1205 }))).toBe(true);
  });

  it('leaves errors of the request or of the code alone', () => {
    expect(isDatabaseUnavailable(queryFailed({ code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(false);
    expect(isDatabaseUnavailable(queryFailed({ code: 'ER_NO_SUCH_TABLE', errno: 1146 }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
