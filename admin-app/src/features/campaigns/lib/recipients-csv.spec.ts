import Papa from 'papaparse';
import { readRecipientsCsv, skippedSummary } from './recipients-csv';

const read = (text: string) => readRecipientsCsv(text, Papa);

describe('reading a recipients file', () => {
  it('takes the address of a row whose quoted name holds a comma', () => {
    expect(read('"Doe, Jane",jane@example.com\n')).toEqual({ addresses: ['jane@example.com'], skipped: [] });
  });

  it('takes the column named email after a header row, and nothing from the other columns', () => {
    const csv =
      'Name,Notes,E-mail\r\n"Doe, Jane","ask jane@work.example, not here",jane@example.com\r\n"Rao, Ravi","line one\nline two",ravi@example.com\r\n';
    expect(read(csv)).toEqual({ addresses: ['jane@example.com', 'ravi@example.com'], skipped: [] });
  });

  it('without an email header, takes the first column holding addresses', () => {
    expect(read('name,contact,backup\nAsha,asha@example.com,a2@example.com\nRavi,ravi@example.com,\n').addresses).toEqual([
      'asha@example.com',
      'ravi@example.com',
    ]);
    expect(read('asha@example.com\r\nravi@example.com').addresses).toEqual(['asha@example.com', 'ravi@example.com']);
  });

  it('counts every row it leaves out, with its reason, by its spreadsheet row number', () => {
    const result = read(
      'email,name\nasha@example.com,Asha\n"ravi@example.com",Ravi\n\nnot-an-address,Nobody\n,Blank\nASHA@example.com,Again\n',
    );
    expect(result.addresses).toEqual(['asha@example.com', 'ravi@example.com']);
    expect(result.skipped).toEqual([
      { row: 5, reason: '“not-an-address” is not an email address' },
      { row: 6, reason: 'has no email address' },
      { row: 7, reason: 'ASHA@example.com is already in the list' },
    ]);
    expect(skippedSummary(result.skipped)).toBe(
      'Skipped 3 rows: row 5, “not-an-address” is not an email address; row 6, has no email address; row 7, ASHA@example.com is already in the list.',
    );
    expect(skippedSummary(Array.from({ length: 7 }, (_, i) => ({ row: i + 2, reason: 'has no email address' })))).toMatch(
      /; and 2 more\.$/,
    );
  });
});
