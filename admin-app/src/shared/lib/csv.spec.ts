import { escapeCsvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('quotes every cell and doubles the quotes inside', () => {
    expect(escapeCsvCell('Asha Raman')).toBe('"Asha Raman"');
    expect(escapeCsvCell('The "Big" Order, for 2')).toBe('"The ""Big"" Order, for 2"');
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvCell(43.5)).toBe('"43.5"');
    expect(escapeCsvCell(null)).toBe('""');
    expect(escapeCsvCell(undefined)).toBe('""');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+1 (408) 555-0101', `"'+1 (408) 555-0101"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(1+9)*cmd', `"'@SUM(1+9)*cmd"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['  =1+1', `"'  =1+1"`],
  ])('keeps %j from running as a formula', (value, expected) => {
    expect(escapeCsvCell(value)).toBe(expected);
  });

  it('leaves values that only contain those characters alone', () => {
    expect(escapeCsvCell('asha@example.com')).toBe('"asha@example.com"');
    expect(escapeCsvCell('(408) 555-0101')).toBe('"(408) 555-0101"');
    expect(escapeCsvCell('Mary-Ann')).toBe('"Mary-Ann"');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['=c', 'd'],
      ]),
    ).toBe('"a","b"\r\n"\'=c","d"\r\n');
  });
});
