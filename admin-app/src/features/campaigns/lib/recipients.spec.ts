import { parseRecipientLines, uniqueAddresses } from './recipients';

describe('recipients', () => {
  it('takes trimmed lines with an at-sign from the text box', () => {
    expect(parseRecipientLines('  asha@example.com \n\nnot an address\r\nravi@example.com\n')).toEqual([
      'asha@example.com',
      'ravi@example.com',
    ]);
  });

  it('keeps the first of addresses that differ only in case', () => {
    expect(uniqueAddresses(['Asha@Example.com', 'asha@example.com', 'ravi@example.com'])).toEqual(['Asha@Example.com', 'ravi@example.com']);
  });
});
